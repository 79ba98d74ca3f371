import * as React from "react";
import { Link } from "gatsby";
import styled from "styled-components";

const Home = styled(Link)<{ $light: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  min-height: 44px;
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: -0.01em;
  white-space: nowrap;
  text-decoration: none;
  svg {
    flex: none;
  }
  color: ${({ $light, theme }) => ($light ? theme.colors.white : theme.colors.ink)};
  &:hover {
    color: ${({ $light, theme }) => ($light ? theme.colors.white : theme.colors.ink)};
  }
`;

/** The mark (same drawing as src/images/logo.svg) and the company name, linking home. */
export function Logo({ name, light = false }: { name: string; light?: boolean }) {
  return (
    <Home to="/" $light={light} aria-label={`${name} home`}>
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0e1a2b" />
        <path
          d="M44.5 21.5a15 15 0 1 0 0 21"
          fill="none"
          stroke="#e07a45"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <circle cx="45" cy="32" r="4.5" fill="#f4c29b" />
      </svg>
      <span>{name}</span>
    </Home>
  );
}
