import * as React from "react";
import { Link } from "gatsby";
import { pathFor } from "../../../shared/routes";
import { Container } from "../../components/Container";
import { workLinkName, type WorkLinkSource } from "../../lib/workLinkName";
import { PagerNav } from "./Work.styles";

type Neighbour = (WorkLinkSource & { slug: string }) | null;

/**
 * Links to the previous and next case study, in the portfolio's order. They show the client;
 * their names say which study (a client can have two).
 */
export function WorkPager({ previous, next }: { previous: Neighbour; next: Neighbour }) {
  return (
    <Container>
      <PagerNav aria-label="Case studies">
        <ul>
          {previous && (
            <li>
              <Link
                to={pathFor("work", previous.slug)}
                rel="prev"
                aria-label={`Previous: ${workLinkName(previous)}`}
              >
                ← Previous: {previous.client}
              </Link>
            </li>
          )}
          {next && (
            <li>
              <Link to={pathFor("work", next.slug)} rel="next" aria-label={`Next: ${workLinkName(next)}`}>
                Next: {next.client} →
              </Link>
            </li>
          )}
        </ul>
      </PagerNav>
    </Container>
  );
}
