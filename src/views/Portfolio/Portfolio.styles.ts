import styled from "styled-components";
import { media } from "../../styles/media";

export const Form = styled.form`
  margin-top: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius * 2}px;
`;

export const Fields = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  ${media.up("md")} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.75)};
  label {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.ink};
  }
  select {
    width: 100%;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1, 1.5)};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.white};
    border: 1px solid ${({ theme }) => theme.colors.muted};
    border-radius: ${({ theme }) => theme.radius}px;
    cursor: pointer;
  }
  select:focus-visible {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  select:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  min-height: 44px;
  margin-top: ${({ theme }) => theme.spacing(2)};
  /* The clear button is in the page, hidden, while nothing is filtered (Portfolio.tsx). */
  > [hidden] {
    display: none;
  }
`;

export const Status = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.ink};
`;

export const Empty = styled.div`
  margin-top: ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => theme.spacing(5, 3)};
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radius * 2}px;
  p {
    max-width: 60ch;
    margin: 0 auto ${({ theme }) => theme.spacing(2)};
  }
`;

export const PageLinks = styled.nav`
  margin-top: ${({ theme }) => theme.spacing(4)};
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a,
  [aria-current] {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(0, 1.5)};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius}px;
    font-weight: 600;
  }
  [aria-current] {
    color: ${({ theme }) => theme.colors.white};
    background: ${({ theme }) => theme.colors.ink};
    border-color: ${({ theme }) => theme.colors.ink};
  }
`;

export const Feeds = styled.p`
  margin: ${({ theme }) => theme.spacing(4, 0, 0)};
  color: ${({ theme }) => theme.colors.muted};
`;
