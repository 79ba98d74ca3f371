import * as React from "react";
import { Link } from "gatsby";
import styled from "styled-components";
import { BRAND, LOGO_MARK } from "../../../shared/brand";
import { theme } from "../../styles/theme";

const Home = styled(Link)<{ $light: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.spacing(1)};
  min-height: 44px;
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: -0.01em;
  white-space: nowrap;
  text-decoration: none;
  svg {
    flex: none;
  }
  color: ${({ $light }) => ($light ? theme.colors.white : theme.colors.ink)};
  &:hover {
    color: ${({ $light }) => ($light ? theme.colors.white : theme.colors.ink)};
  }
`;

/** The mark (shared/brand.ts, the same drawing as logo.png and the social cards) and the name, linking home. */
export function Logo({ name, light = false }: { name: string; light?: boolean }) {
  return (
    <Home to="/" $light={light} aria-label={`${name} home`}>
      <svg width="32" height="32" viewBox={LOGO_MARK.viewBox} aria-hidden="true" focusable="false">
        <rect {...LOGO_MARK.tile} fill={BRAND.ink} />
        <path
          d={LOGO_MARK.arc.d}
          fill="none"
          stroke={BRAND.copper}
          strokeWidth={LOGO_MARK.arc.strokeWidth}
          strokeLinecap="round"
        />
        <circle {...LOGO_MARK.dot} fill={BRAND.sand} />
      </svg>
      <span>{name}</span>
    </Home>
  );
}
