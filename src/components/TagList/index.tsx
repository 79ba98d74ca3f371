import * as React from "react";
import styled from "styled-components";

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.spacing(2, 0, 0)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  li {
    padding: ${({ theme }) => theme.spacing(0.5, 1.5)};
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.ink};
    font-size: 0.9rem;
  }
`;

/** Short labels: technologies, platforms, a case study's services. */
export function TagList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
