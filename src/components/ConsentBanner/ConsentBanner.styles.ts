import styled from "styled-components";
import { focusRingOnDark } from "../../styles/focus";

/** In the bottom area's flow (the area is the fixed part), dark like the country-site suggestion. */
export const Region = styled.section`
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-radius: ${({ theme }) => theme.radius * 2}px;
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.onDark};
  box-shadow: 0 8px 24px rgba(14, 26, 43, 0.25);
  font-size: 0.9rem;
  line-height: 1.4;
  ${focusRingOnDark}
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(0.5)};
    color: ${({ theme }) => theme.colors.white};
    font-size: 1rem;
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

export const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(1)};
`;

/** Both choices look the same: neither is pushed (equal weight). */
export const Choice = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(1, 2)};
  border: 1px solid ${({ theme }) => theme.colors.onDark};
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.onDark};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.white};
    color: ${({ theme }) => theme.colors.ink};
  }
`;
