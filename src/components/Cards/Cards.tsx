import * as React from "react";
import { Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../Picture";
import styled from "styled-components";
import { media } from "../../styles/media";
import { Icon, type IconName } from "../Icon";
import { TagList } from "../TagList";
import { afterNextPaint } from "../../lib/afterNextPaint";
import { theme } from "../../styles/theme";

/**
 * The grid and its cards. The cards are plain list items styled from here, not styled components
 * of their own: showing or hiding a card (LinkCardGrid's `shown`) then renders no styled
 * component, each of which works out its class from its styles again on every render.
 */
const Grid = styled.ul<{ $min: number }>`
  list-style: none;
  margin: ${theme.spacing(4, 0, 0)};
  padding: 0;
  display: grid;
  gap: ${theme.spacing(3)};
  grid-template-columns: 1fr;
  ${media.up("sm")} {
    grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}px, 1fr));
  }
  &[hidden] {
    display: none;
  }
  & > li {
    position: relative;
    display: flex;
    flex-direction: column;
    background: ${theme.colors.white};
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius * 2}px;
    overflow: hidden;
    color: ${theme.colors.text};
  }
  & > li[hidden] {
    display: none;
  }
  & > li h3 {
    margin-top: ${theme.spacing(1)};
  }
  & > li p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

const Body = styled.div`
  padding: ${theme.spacing(3)};
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing(1)};
  flex: 1;
`;

const Meta = styled.p`
  font-size: 0.875rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  && {
    color: ${theme.colors.accent};
  }
`;

/** Labels sit at the bottom of the card, level across a row of cards. */
const Tags = styled.div`
  margin-top: auto;
`;

/** The whole card is clickable through the heading link's stretched hit area. */
const CardLink = styled(Link)`
  color: ${theme.colors.ink};
  text-decoration: none;
  &::after {
    content: "";
    position: absolute;
    inset: 0;
  }
  &:hover {
    text-decoration: underline;
  }
`;

export interface TitledItem {
  title: string;
  description: string;
}

/** Titled paragraphs (deliverables, challenges, steps) as a grid of cards. */
export function ItemGrid({ items, numbered = false }: { items: readonly TitledItem[]; numbered?: boolean }) {
  return (
    <Grid as={numbered ? "ol" : "ul"} $min={260}>
      {items.map((item, i) => (
        <li key={item.title}>
          <Body>
            {numbered && <Meta aria-hidden="true">Step {i + 1}</Meta>}
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </Body>
        </li>
      ))}
    </Grid>
  );
}

export interface LinkCardItem {
  to: string;
  title: string;
  /** The link's accessible name when the title alone could name two pages (a client's two case studies). */
  linkName?: string;
  text?: string | null;
  meta?: string | null;
  icon?: IconName | null;
  image?: { data: IGatsbyImageData; alt: string } | null;
  /** Labels under the text, e.g. a case study's services; `tagsLabel` names the list. */
  tags?: readonly string[] | null;
  tagsLabel?: string;
}

/** One card's content: memoised, so showing or hiding the card does not render it again. */
const LinkCardContent = React.memo(function LinkCardContent({
  item,
  eager,
  headingLevel,
}: {
  item: LinkCardItem;
  eager: boolean;
  headingLevel: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <>
      {item.image && (
        <Picture image={item.image.data} alt={item.image.alt} loading={eager ? "eager" : "lazy"} />
      )}
      <Body>
        {item.icon && <Icon name={item.icon} />}
        {item.meta && <Meta>{item.meta}</Meta>}
        <Heading>
          <CardLink to={item.to} aria-label={item.linkName}>
            {item.title}
          </CardLink>
        </Heading>
        {item.text && <p>{item.text}</p>}
        {item.tags && item.tags.length > 0 && (
          <Tags>
            <TagList items={item.tags} label={item.tagsLabel} compact />
          </Tags>
        )}
      </Body>
    </>
  );
});

/** Cards shown in the frame that answers a change of `shown` (LinkCardGrid). */
const SHOWN_FIRST = 6;

/** The links of the first `count` cards, in the grid's order, of those `shown` holds (all without it). */
function firstShown(
  items: readonly LinkCardItem[],
  shown: ReadonlySet<string> | undefined,
  count: number,
): ReadonlySet<string> {
  const first = new Set<string>();
  for (const item of items) {
    if (first.size === count) break;
    if (!shown || shown.has(item.to)) first.add(item.to);
  }
  return first;
}

/**
 * Cards that each link to a page: services, industries, case studies. Images load lazily, but
 * the first `eagerImages` (those likely above the fold) load straight away. With `shown`, only
 * the cards whose link it holds are shown; the others stay in the page, hidden, so that a
 * filter's change shows and hides cards rather than building and removing them (issue 38:
 * removing 38 of the portfolio's cards was most of a filter change on the low-tier phone).
 *
 * When `shown` changes to more cards than `SHOWN_FIRST` (more than a screen holds at any width),
 * the frame that answers the visitor shows the first `SHOWN_FIRST` of them, and the rest are
 * shown once that frame is painted: going back to every case study styles, lays out and paints
 * 38 cards, most of them below the fold, and on a low-tier phone that was the slowest interaction
 * the benchmark measured (docs/performance.md). A change to fewer cards shows them all at once.
 */
export const LinkCardGrid = React.memo(function LinkCardGrid({
  items,
  min = 260,
  headingLevel = 3,
  eagerImages = 0,
  shown,
}: {
  items: readonly LinkCardItem[];
  min?: number;
  headingLevel?: 3 | 4;
  eagerImages?: number;
  shown?: ReadonlySet<string>;
}) {
  // The last `shown` whose every card is in the page, and a render that shows the rest.
  const whole = React.useRef(shown);
  const [, showRest] = React.useReducer((n: number) => n + 1, 0);
  const first = whole.current === shown ? undefined : firstShown(items, shown, SHOWN_FIRST);
  const partly = first !== undefined && first.size < (shown?.size ?? items.length);
  const showing = partly ? first : shown;
  React.useEffect(() => {
    if (!partly) {
      whole.current = shown;
      return;
    }
    return afterNextPaint(() => {
      whole.current = shown;
      showRest();
    });
  }, [partly, shown]);
  return (
    <Grid $min={min} hidden={shown?.size === 0 || undefined}>
      {items.map((item, i) => (
        // Cards past the eager ones (or past the first two) are laid out after the first paint on
        // phones (src/lib/deferredLayout.ts).
        <li
          key={item.to}
          hidden={showing ? !showing.has(item.to) : undefined}
          data-defer-layout={i >= Math.max(eagerImages, 2) ? "" : undefined}
        >
          <LinkCardContent item={item} eager={i < eagerImages} headingLevel={headingLevel} />
        </li>
      ))}
    </Grid>
  );
});
