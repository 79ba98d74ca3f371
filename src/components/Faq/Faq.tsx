import * as React from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

const Item = styled.details`
  border-bottom: 1px solid ${theme.colors.line};
  padding: ${theme.spacing(2, 0)};
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${theme.colors.ink};
    min-height: 24px;
  }
  p {
    margin: ${theme.spacing(1.5, 0, 0)};
    max-width: 75ch;
  }
`;

/** Questions and answers; native <details> works without JavaScript and with screen readers. */
export function Faq({ items }: { items: readonly { question: string; answer: string }[] }) {
  return (
    <div>
      {items.map((item) => (
        <Item key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </Item>
      ))}
    </div>
  );
}
