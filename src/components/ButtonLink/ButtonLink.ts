import { Link } from "gatsby";
import styled, { css } from "styled-components";
import { theme } from "../../styles/theme";

/** primary: copper; secondary: copper outline; light: white, on dark; outlineLight: white outline, on dark. */
type Variant = "primary" | "secondary" | "light" | "outlineLight";

const base = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.spacing(1)};
  min-height: 44px;
  padding: ${theme.spacing(1.25, 2.5)};
  border-radius: ${theme.radius}px;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${theme.colors.accent};
  background: ${theme.colors.accent};
  color: ${theme.colors.white};
  transition:
    background 150ms ease,
    color 150ms ease;
  &:hover {
    background: ${theme.colors.accentDark};
    border-color: ${theme.colors.accentDark};
    color: ${theme.colors.white};
  }
  ${({ $variant }) =>
    $variant === "secondary" &&
    css`
      background: transparent;
      color: ${theme.colors.accent};
      &:hover {
        background: ${theme.colors.accentSoft};
        color: ${theme.colors.accentDark};
      }
    `}
  ${({ $variant }) =>
    $variant === "light" &&
    css`
      background: ${theme.colors.white};
      border-color: ${theme.colors.white};
      color: ${theme.colors.ink};
      &:hover {
        background: ${theme.colors.accentSoft};
        border-color: ${theme.colors.accentSoft};
        color: ${theme.colors.ink};
      }
    `}
  ${({ $variant }) =>
    $variant === "outlineLight" &&
    css`
      background: transparent;
      border-color: ${theme.colors.white};
      color: ${theme.colors.white};
      &:hover {
        background: ${theme.colors.white};
        border-color: ${theme.colors.white};
        color: ${theme.colors.ink};
      }
    `}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<{ $variant?: Variant }>`
  ${base}
`;

/**
 * A plain link with the same look, for a link whose click the page handles itself (the consultation
 * button opens the modal): a router link would fetch its page's data and code on hover, work the
 * click does not need and that competes with it on a slow phone.
 */
export const ButtonAnchor = styled.a<{ $variant?: Variant }>`
  ${base}
`;

/** A real button with the same look (opens the consultation modal, toggles, submits). */
export const Button = styled.button<{ $variant?: Variant }>`
  ${base}
`;
