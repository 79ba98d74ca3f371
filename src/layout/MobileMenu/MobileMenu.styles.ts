import styled from "styled-components";
import { menuRow } from "../../styles/controls";
import { focusRingOnLight } from "../../styles/focus";
import { theme } from "../../styles/theme";

export const Dialog = styled.dialog`
  margin: 0;
  padding: 0;
  border: 0;
  height: 100%;
  max-height: 100%;
  width: min(85vw, 380px);
  max-width: 85vw;
  background: ${theme.colors.white};
  color: ${theme.colors.text};
  /* The dialog lives inside the navbar, which may be transparent over the dark hero. */
  ${focusRingOnLight}
  &::backdrop {
    background: rgba(14, 26, 43, 0.6);
  }
`;

export const Panel = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
`;

export const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.spacing(1)};
  padding: ${theme.spacing(1, 1, 1, 2)};
  border-bottom: 1px solid ${theme.colors.line};
  ol {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    list-style: none;
    margin: 0;
    padding: 0;
    font-size: 0.9rem;
  }
  /* Drawn, never read: "›" / "" gives the arrow an empty alternative text (the first
     declaration is for browsers without it; WebKit named the static menu's Services "Services ›"). */
  li + li::before {
    content: "›";
    content: "›" / "";
    margin: 0 ${theme.spacing(0.5)};
    color: ${theme.colors.muted};
  }
`;

export const CrumbButton = styled.button`
  min-height: 44px;
  padding: 0 ${theme.spacing(0.5)};
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.accent};
  text-decoration: underline;
  cursor: pointer;
`;

export const IconButton = styled.button`
  width: 44px;
  height: 44px;
  flex: none;
  border: 0;
  border-radius: ${theme.radius}px;
  background: none;
  color: ${theme.colors.ink};
  cursor: pointer;
`;

export const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: ${theme.spacing(2)};
  h2 {
    font-size: 1.1rem;
    margin-bottom: ${theme.spacing(1)};
  }
  h2:focus {
    outline: none;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a,
  li button {
    ${menuRow}
  }
  /* The first level as the browser shows it before hydration or without JavaScript: Services
     and Industries open in place. */
  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 48px;
    padding: ${theme.spacing(1, 0)};
    border-bottom: 1px solid ${theme.colors.line};
    font-weight: 600;
    color: ${theme.colors.ink};
    list-style: none;
    cursor: pointer;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: "›";
    content: "›" / "";
  }
  details[open] > summary::after {
    transform: rotate(90deg);
  }
  details ul {
    padding-left: ${theme.spacing(2)};
  }
`;

export const Bottom = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing(1.5)};
  padding: ${theme.spacing(2)};
  border-top: 1px solid ${theme.colors.line};
  > a:first-child {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
`;
