import styled, { css } from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Form = styled.form`
  display: grid;
  gap: ${theme.spacing(2.5)};
  ${media.up("sm")} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Full = styled.div`
  ${media.up("sm")} {
    grid-column: 1 / -1;
  }
`;

export const Note = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: 0.95rem;
  ${media.up("sm")} {
    grid-column: 1 / -1;
  }
`;

export const FieldWrap = styled.div<{ $full?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing(0.5)};
  ${({ $full }) =>
    $full &&
    css`
      ${media.up("sm")} {
        grid-column: 1 / -1;
      }
    `}
`;

export const Label = styled.label`
  font-weight: 600;
  color: ${theme.colors.ink};
`;

export const Required = styled.span`
  color: ${theme.colors.error};
  margin-left: 2px;
`;

export const Optional = styled.span`
  font-weight: 400;
  color: ${theme.colors.muted};
`;

export const Hint = styled.span`
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

export const ErrorText = styled.span`
  font-size: 0.95rem;
  font-weight: 600;
  color: ${theme.colors.error};
`;

const control = css<{ $invalid?: boolean }>`
  font: inherit;
  color: ${theme.colors.text};
  background: ${theme.colors.white};
  min-height: 44px;
  width: 100%;
  padding: ${theme.spacing(1, 1.5)};
  border: 2px solid ${({ $invalid }) => ($invalid ? theme.colors.error : theme.colors.controlBorder)};
  border-radius: ${theme.radius}px;
  &:focus-visible {
    outline: 3px solid ${theme.colors.accent};
    outline-offset: 1px;
    border-color: ${theme.colors.ink};
  }
  &:disabled {
    background: ${theme.colors.surface};
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${control}
`;

export const Select = styled.select<{ $invalid?: boolean }>`
  ${control}
`;

export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${control}
  min-height: 160px;
  resize: vertical;
`;

export const Counter = styled.span<{ $over: boolean }>`
  align-self: flex-end;
  font-size: 0.85rem;
  color: ${({ $over }) => ($over ? theme.colors.error : theme.colors.muted)};
`;

export const Consent = styled.div`
  display: grid;
  grid-template-columns: 24px 1fr;
  gap: ${theme.spacing(0.5, 1.5)};
  align-items: start;
  input {
    width: 24px;
    height: 24px;
    margin: 2px 0 0;
    accent-color: ${theme.colors.accent};
  }
  label {
    font-weight: 400;
  }
  ${ErrorText} {
    grid-column: 2;
  }
  ${media.up("sm")} {
    grid-column: 1 / -1;
  }
`;

/** The honeypot: off-screen, out of the tab order, hidden from assistive technology. */
export const Trap = styled.div`
  position: absolute;
  left: -10000px;
  top: auto;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing(2)};
  ${media.up("sm")} {
    grid-column: 1 / -1;
  }
  button:disabled {
    cursor: progress;
    opacity: 0.75;
  }
`;

export const Panel = styled.div<{ $tone: "error" | "success" }>`
  border-left: 6px solid ${({ $tone }) => ($tone === "error" ? theme.colors.error : theme.colors.accent)};
  background: ${({ $tone }) => ($tone === "error" ? theme.colors.errorSoft : theme.colors.successSoft)};
  padding: ${theme.spacing(2, 2.5)};
  border-radius: ${theme.radius}px;
  ${media.up("sm")} {
    grid-column: 1 / -1;
  }
  &:focus {
    outline: 3px solid ${theme.colors.accent};
    outline-offset: 2px;
  }
  h3 {
    font-size: 1.15rem;
    margin-bottom: ${theme.spacing(1)};
  }
  ul {
    margin: 0;
    padding-left: ${theme.spacing(2.5)};
  }
  li + li {
    margin-top: ${theme.spacing(0.5)};
  }
  li a {
    color: ${theme.colors.error};
    font-weight: 600;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;
