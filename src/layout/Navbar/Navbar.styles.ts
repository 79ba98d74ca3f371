import { Link } from "gatsby";
import styled, { css } from "styled-components";
import { CONSULTATION_BUTTON_MIN_WIDTH_PX } from "../../styles/constants";
import { navbarControl } from "../../styles/controls";
import { focusRingOnDark, focusRingOnLight } from "../../styles/focus";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Bar = styled.header<{ $white: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 100;
  background: ${({ $white }) => ($white ? "#fff" : "rgba(0, 0, 0, 0)")};
  box-shadow: ${({ $white }) => ($white ? "0 1px 0 rgba(14, 26, 43, 0.08)" : "none")};
  transition:
    background-color 200ms ease,
    box-shadow 200ms ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  --nav-text: ${({ $white }) => ($white ? theme.colors.ink : theme.colors.white)};
  /* Transparent, the navbar sits on the dark hero. */
  ${({ $white }) => ($white ? focusRingOnLight : focusRingOnDark)}
`;

export const Inner = styled.nav`
  position: relative;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  /* A 320 px phone fits the logo, the menu button and the search button side by side. */
  padding: ${theme.spacing(1, 2)};
  display: flex;
  align-items: center;
  gap: ${theme.spacing(1)};
  min-height: ${theme.navbarHeight};
  ${media.up("sm")} {
    padding: ${theme.spacing(1, 2.5)};
    gap: ${theme.spacing(2)};
  }
`;

export const Items = styled.ul`
  display: none;
  list-style: none;
  margin: 0 auto;
  padding: 0;
  gap: ${theme.spacing(0.5)};
  ${media.up("md")} {
    display: flex;
  }
`;

const itemStyle = css`
  ${navbarControl}
  gap: 4px;
  padding: ${theme.spacing(0, 1.5)};
  &:hover,
  &[aria-expanded="true"] {
    color: ${theme.colors.accent};
  }
`;

export const ItemLink = styled(Link)`
  ${itemStyle}
`;

export const Trigger = styled.button`
  ${itemStyle}
  svg {
    transition: transform 150ms ease;
  }
  &[aria-expanded="true"] svg {
    transform: rotate(180deg);
  }
`;

export const Consult = styled(Link)`
  display: none;
  margin-left: auto;
  min-height: 44px;
  align-items: center;
  padding: ${theme.spacing(0, 2)};
  border-radius: ${theme.radius}px;
  background: ${theme.colors.accent};
  color: ${theme.colors.white};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${theme.colors.accentDark};
    color: ${theme.colors.white};
  }
  ${media.minWidth(CONSULTATION_BUTTON_MIN_WIDTH_PX)} {
    display: inline-flex;
  }
  ${media.up("md")} {
    margin-left: 0;
  }
`;

export const Hamburger = styled.button`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${theme.radius}px;
  background: none;
  color: var(--nav-text);
  cursor: pointer;
  ${media.minWidth(CONSULTATION_BUTTON_MIN_WIDTH_PX)} {
    margin-left: ${theme.spacing(1)};
  }
  ${media.up("md")} {
    display: none;
  }
`;

/**
 * A mega menu's panel. Closed, it is not rendered at all (the hidden attribute's display: none),
 * so it is out of the restyle of the whole document that a modal dialog's opening causes. Kept
 * laid out but invisible, as it was from 2026-11-30, its links, list items and icons were
 * restyled at every opening of the consultation dialog, the site's main call to action; since
 * the icons come from one sprite, that cost more than the panel's own first layout saves its
 * menu. The two builds served side by side, 12 runs each, alternating (2026-12-03), low-tier
 * phone: the consultation dialog 188 to 154 ms, the Services mega menu 99 to 123, both under
 * 200 (bench/findings.md).
 */
export const Panel = styled.div`
  position: absolute;
  top: 100%;
  left: ${theme.spacing(2.5)};
  right: ${theme.spacing(2.5)};
  padding: ${theme.spacing(4)};
  background: ${theme.colors.white};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius * 2}px;
  box-shadow: 0 24px 48px rgba(14, 26, 43, 0.16);
  max-height: calc(100vh - 90px);
  overflow-y: auto;
  ${focusRingOnLight}
`;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${theme.spacing(3)};
`;

export const GroupTitle = styled.p`
  margin: 0 0 ${theme.spacing(1)};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.muted};
`;

export const PanelSection = styled.div`
  & + & {
    margin-top: ${theme.spacing(3)};
    padding-top: ${theme.spacing(3)};
    border-top: 1px solid ${theme.colors.line};
  }
`;

export const LinkList = styled.ul`
  list-style: none;
  margin: 0 0 ${theme.spacing(2)};
  padding: 0;
  a {
    display: flex;
    align-items: center;
    gap: ${theme.spacing(1)};
    min-height: 36px;
    padding: ${theme.spacing(0.5, 0)};
    color: ${theme.colors.ink};
    text-decoration: none;
    font-size: 0.95rem;
  }
  a:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
  svg {
    flex: none;
  }
`;
