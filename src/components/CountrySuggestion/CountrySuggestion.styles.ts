import styled from "styled-components";
import { focusRingOnDark } from "../../styles/focus";
import { media } from "../../styles/media";

/** A small fixed bar at the bottom right: over the page, never pushing it (no layout shift). */
export const Bar = styled.section`
  position: fixed;
  z-index: 900;
  right: ${({ theme }) => theme.spacing(2)};
  bottom: ${({ theme }) => theme.spacing(2)};
  left: ${({ theme }) => theme.spacing(2)};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(1, 1, 1, 2)};
  border-radius: ${({ theme }) => theme.radius * 2}px;
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.onDark};
  box-shadow: 0 8px 24px rgba(14, 26, 43, 0.25);
  ${focusRingOnDark}
  ${media.up("sm")} {
    left: auto;
    max-width: 420px;
  }
  p {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.white};
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;

export const Dismiss = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(1, 2)};
  border: 1px solid ${({ theme }) => theme.colors.onDark};
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.onDark};
  font: inherit;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.white};
    color: ${({ theme }) => theme.colors.ink};
  }
`;
