import styled from "styled-components";
import { focusRingOnLight } from "../../styles/focus";
import { dialogCloseButton, modalSurface } from "../../styles/controls";
import { theme } from "../../styles/theme";

export const Dialog = styled.dialog`
  width: min(680px, calc(100vw - 24px));
  max-height: min(640px, calc(100vh - 48px));
  margin: 8vh auto auto;
  padding: ${theme.spacing(3)};
  ${modalSurface}
  background: ${theme.colors.white};
  overflow-y: auto;
  ${focusRingOnLight}
  h2 {
    margin: 0 ${theme.spacing(6)} ${theme.spacing(1)} 0;
    font-size: 1.25rem;
  }
`;

export const Close = styled.button`
  ${dialogCloseButton}
`;

export const Hint = styled.p`
  margin: 0 0 ${theme.spacing(2)};
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

export const Input = styled.input`
  width: 100%;
  min-height: 48px;
  padding: ${theme.spacing(1, 1.5)};
  border: 1px solid ${theme.colors.controlBorder};
  border-radius: ${theme.radius}px;
  font: inherit;
  font-size: 1.05rem;
  color: ${theme.colors.ink};
  background: ${theme.colors.white};
`;

export const Status = styled.p`
  min-height: 1.5em;
  margin: ${theme.spacing(1.5, 0)};
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

export const Listbox = styled.div`
  margin: 0;
  padding: 0;
`;

export const Group = styled.div`
  & + & {
    margin-top: ${theme.spacing(2)};
  }
`;

export const GroupLabel = styled.div`
  margin-bottom: ${theme.spacing(0.5)};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.muted};
`;

export const Option = styled.a`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.spacing(1, 1.5)};
  border-left: 3px solid transparent;
  border-radius: ${theme.radius}px;
  color: inherit;
  text-decoration: none;
  strong {
    color: ${theme.colors.ink};
  }
  span {
    font-size: 0.9rem;
    color: ${theme.colors.muted};
  }
  mark {
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.ink};
    font-weight: 600;
  }
  &[aria-selected="true"] {
    background: ${theme.colors.surface};
    border-left-color: ${theme.colors.accent};
  }
`;
