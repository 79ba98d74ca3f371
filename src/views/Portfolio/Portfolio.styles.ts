import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Form = styled.form`
  margin-top: ${theme.spacing(3)};
  padding: ${theme.spacing(3)};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius * 2}px;
`;

export const Fields = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${theme.spacing(2)};
  ${media.up("md")} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing(0.75)};
  label {
    font-weight: 600;
    color: ${theme.colors.ink};
  }
  select {
    width: 100%;
    min-height: 44px;
    padding: ${theme.spacing(1, 1.5)};
    font: inherit;
    color: ${theme.colors.text};
    background: ${theme.colors.white};
    border: 1px solid ${theme.colors.muted};
    border-radius: ${theme.radius}px;
    cursor: pointer;
  }
  select:focus-visible {
    border-color: ${theme.colors.accent};
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
  gap: ${theme.spacing(2)};
  min-height: 44px;
  margin-top: ${theme.spacing(2)};
  /* The clear button is in the page, hidden, while nothing is filtered (Portfolio.tsx). */
  > [hidden] {
    display: none;
  }
`;

export const Status = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${theme.colors.ink};
`;

export const Empty = styled.div`
  margin-top: ${theme.spacing(4)};
  padding: ${theme.spacing(5, 3)};
  text-align: center;
  border: 1px dashed ${theme.colors.muted};
  border-radius: ${theme.radius * 2}px;
  p {
    max-width: 60ch;
    margin: 0 auto ${theme.spacing(2)};
  }
`;

export const PageLinks = styled.nav`
  margin-top: ${theme.spacing(4)};
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing(1)};
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
    padding: ${theme.spacing(0, 1.5)};
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius}px;
    font-weight: 600;
  }
  [aria-current] {
    color: ${theme.colors.white};
    background: ${theme.colors.ink};
    border-color: ${theme.colors.ink};
  }
`;

export const Feeds = styled.p`
  margin: ${theme.spacing(4, 0, 0)};
  color: ${theme.colors.muted};
`;
