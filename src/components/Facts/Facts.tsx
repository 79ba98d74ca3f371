import * as React from "react";
import styled, { css } from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

const List = styled.dl<{ $layout: "grid" | "table" }>`
  margin: 0;
  dd {
    margin: 0;
  }
  ${({ $layout }) =>
    $layout === "grid"
      ? css`
          display: grid;
          gap: ${theme.spacing(2, 4)};
          padding: ${theme.spacing(3)};
          border: 1px solid ${theme.colors.line};
          border-radius: ${theme.radius * 2}px;
          ${media.up("sm")} {
            grid-template-columns: repeat(2, 1fr);
          }
          ${media.up("md")} {
            grid-template-columns: repeat(3, 1fr);
          }
          dt {
            font-size: 0.85rem;
            font-weight: 700;
            text-transform: uppercase;
            letter-spacing: 0.06em;
            color: ${theme.colors.muted};
          }
        `
      : css`
          display: grid;
          grid-template-columns: max-content 1fr;
          gap: ${theme.spacing(1, 3)};
          > div {
            display: contents;
          }
          dt {
            font-weight: 700;
          }
        `}
`;

export interface Fact {
  term: string;
  detail: React.ReactNode;
}

/**
 * Facts as a description list: a boxed grid of short facts (a case study's client, industry,
 * year...) or a two-column table (a country office's phone, email, hours).
 */
export function Facts({ items, layout = "grid" }: { items: readonly Fact[]; layout?: "grid" | "table" }) {
  return (
    <List $layout={layout}>
      {items.map((f) => (
        <div key={f.term}>
          <dt>{f.term}</dt>
          <dd>{f.detail}</dd>
        </div>
      ))}
    </List>
  );
}
