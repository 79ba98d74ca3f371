import * as React from "react";
import styled, { css } from "styled-components";
import { theme } from "../../styles/theme";

const List = styled.ul<{ $compact: boolean }>`
  list-style: none;
  padding: 0;
  margin: ${theme.spacing(2, 0, 0)};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing(1)};
  li {
    padding: ${theme.spacing(0.5, 1.5)};
    border-radius: 999px;
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.ink};
    font-size: 0.9rem;
  }
  ${({ $compact }) =>
    $compact &&
    css`
      margin: ${theme.spacing(1, 0, 0)};
      gap: ${theme.spacing(0.75)};
      li {
        padding: ${theme.spacing(0.25, 1)};
        font-size: 0.8rem;
      }
    `}
`;

/** Short labels: technologies, platforms, a case study's services. `compact` for use in cards. */
export function TagList({
  items,
  label,
  compact = false,
}: {
  items: readonly string[];
  label?: string;
  compact?: boolean;
}) {
  return (
    <List aria-label={label} $compact={compact}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
