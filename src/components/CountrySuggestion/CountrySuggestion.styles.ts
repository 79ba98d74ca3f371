import styled from "styled-components";
import { focusRingOnDark } from "../../styles/focus";

/** A small bar in the bottom area (src/components/BottomArea, the fixed part): never moves the page. */
export const Bar = styled.section`
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
