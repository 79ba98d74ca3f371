import * as React from "react";
import { Link, withPrefix } from "gatsby";
import {
  decodePortfolioIndex,
  encodePortfolioIndex,
  type PortfolioIndex,
} from "../../../shared/portfolioIndex";
import { FEEDS } from "../../../shared/alternates";
import { pathFor, WORKS_PER_PAGE, worksCardsPath, worksListPath } from "../../../shared/routes";
import { Button } from "../../components/ButtonLink";
import { LinkCardGrid, WORK_CARD_MIN_WIDTH } from "../../components/Cards";
import { Section } from "../../components/Section";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import { workCard } from "../../components/Cards";
import {
  filterOptions,
  filterWorks,
  historyMode,
  isFiltered,
  parseFilter,
  resultSummary,
  serializeFilter,
  type FilterChange,
  type FilterKey,
} from "./Portfolio.worksFilter";
import { Filters } from "./Portfolio.Filters";
import { Empty, Feeds, Form, PageLinks, Status, Toolbar } from "./Portfolio.styles";

/** Cards in the first row; their images load eagerly, the rest lazily. */
const FIRST_ROW = 3;

type Work = Queries.PortfolioWorkFragment;

export interface PortfolioProps {
  /** This page's case studies (all of them when the portfolio is one page). */
  works: readonly Work[];
  /** Every case study's filter facts; defaults to those of `works` (a one-page portfolio). */
  index?: PortfolioIndex | null;
  /** Which page of the paginated index this is; defaults to the only one. */
  listPage?: { number: number; count: number } | null;
  /** The page's location (Gatsby's `location` prop); the filter lives in its query. */
  location: { search?: string; key?: string };
  /** Fetches another page's case studies (default: the site's file of that page's cards). */
  loadPage?: (page: number) => Promise<readonly Work[]>;
}

/** The cards of another index page, from the file the build wrote of them (gatsby/lib/worksCards.ts). */
async function fetchPage(page: number): Promise<readonly Work[]> {
  const response = await fetch(withPrefix(worksCardsPath(page)));
  if (!response.ok) throw new Error(`the cards of page ${page}: HTTP ${response.status}`);
  return ((await response.json()) as { works: Work[] }).works;
}

type Loaded = { state: "idle" | "loading" | "failed" } | { state: "done"; works: readonly Work[] };

/**
 * On a paginated index, a filter covers every page: the first time one is set, the other pages'
 * cards are fetched (in parallel, once). A one-page portfolio already holds them all.
 */
function useEveryWork(
  works: readonly Work[],
  listPage: { number: number; count: number },
  wanted: boolean,
  load: (page: number) => Promise<readonly Work[]>,
) {
  const [loaded, setLoaded] = React.useState<Loaded>({ state: "idle" });
  const needed = wanted && listPage.count > 1 && loaded.state === "idle";
  React.useEffect(() => {
    if (!needed) return;
    setLoaded({ state: "loading" });
    const pages = Array.from({ length: listPage.count }, (_, i) => i + 1);
    Promise.all(pages.map((n) => (n === listPage.number ? Promise.resolve(works) : load(n))))
      .then((lists) => setLoaded({ state: "done", works: lists.flat() }))
      .catch((error: unknown) => {
        console.error("Could not load every case study", error);
        setLoaded({ state: "failed" });
      });
  }, [needed, listPage, works, load]);
  if (listPage.count <= 1) return { state: "done" as const, works };
  return loaded;
}

/**
 * The portfolio: every case study as a card, filtered by industry, service and platform. The
 * static HTML lists them all (crawlers and visitors without JavaScript see every case study);
 * once the page runs, the URL query decides what is shown.
 */
export function Portfolio({
  works,
  index,
  listPage: listPageProp,
  location,
  loadPage = fetchPage,
}: PortfolioProps) {
  const [search, setSearch] = useUrlSearch(location);
  const listPage = React.useMemo(() => listPageProp ?? { number: 1, count: 1 }, [listPageProp]);
  const every = React.useMemo(
    () => decodePortfolioIndex(index ?? encodePortfolioIndex(works)),
    [index, works],
  );
  const options = React.useMemo(() => filterOptions(every), [every]);
  const filter = React.useMemo(() => (search ? parseFilter(search, options) : {}), [search, options]);
  const filtered = isFiltered(filter);
  const matches = React.useMemo(() => filterWorks(every, filter), [every, filter]);
  const loaded = useEveryWork(works, listPage, filtered, loadPage);
  const shown = React.useMemo(() => {
    if (!filtered) return works;
    const bySlug = new Map((loaded.state === "done" ? loaded.works : works).map((w) => [w.slug, w]));
    return matches.flatMap((m) => bySlug.get(m.slug) ?? []);
  }, [filtered, works, loaded, matches]);
  // On a one-page portfolio every card stays in the page and a filter only shows and hides them
  // (LinkCardGrid's `shown`): the same card list whatever the filter, so reading the query after
  // hydration renders nothing either (issue 6, TBT). A paginated one shows the matches of every
  // page, fetched: those cards are built as they come.
  const onePage = listPage.count === 1;
  const cards = React.useMemo(() => (onePage ? works : shown).map(workCard), [onePage, works, shown]);
  const shownLinks = React.useMemo(
    () => (onePage && filtered ? new Set(shown.map((w) => pathFor("work", w.slug))) : undefined),
    [onePage, filtered, shown],
  );
  const waiting = filtered && (loaded.state === "loading" || loaded.state === "idle");
  const summary = waiting
    ? "Loading every case study…"
    : loaded.state === "failed" && filtered
      ? `Could not load every case study: showing the matches on this page (${shown.length})`
      : filtered || listPage.count === 1
        ? resultSummary(matches.length, every.length)
        : pageSummary(listPage.number, works.length, every.length);
  const lastChange = React.useRef<FilterChange | null>(null);
  const firstField = React.useRef<HTMLSelectElement>(null);

  const change = (key: FilterKey, value: string) => {
    const next: FilterChange = { key, at: Date.now() };
    setSearch(
      serializeFilter({ ...filter, [key]: value || undefined }),
      historyMode(lastChange.current, next),
    );
    lastChange.current = next;
  };

  // The clear buttons disappear once used: focus moves to the first filter rather than the page.
  const clear = () => {
    lastChange.current = { key: "all", at: Date.now() };
    setSearch("");
    firstField.current?.focus();
  };

  return (
    <Section id="case-studies" heading="Case studies">
      <Form role="search" aria-label="Filter case studies" onSubmit={(event) => event.preventDefault()}>
        <Filters
          works={every}
          options={options}
          filter={filter}
          enabled={search !== null}
          onChange={change}
          firstFieldRef={firstField}
        />
        <Toolbar>
          <Status role="status" aria-live="polite" aria-atomic="true">
            {summary}
          </Status>
          {/* Rendered, hidden, while nothing is filtered: its styles then come with the page,
              and the first filter change inserts no style rule (a new rule makes the browser
              rebuild the page's rule set and restyle it: 17 ms of the change on the low-tier
              phone, docs/performance.md). */}
          <Button type="button" $variant="secondary" onClick={clear} hidden={!filtered}>
            Clear all filters
          </Button>
        </Toolbar>
      </Form>
      {(onePage || shown.length > 0 || waiting) && (
        <LinkCardGrid items={cards} shown={shownLinks} min={WORK_CARD_MIN_WIDTH} eagerImages={FIRST_ROW} />
      )}
      {shown.length === 0 && !waiting && (
        <Empty>
          <p>
            None of our published case studies matches all of these filters at once. Change or remove one of
            them, or start again with every case study.
          </p>
          <Button type="button" onClick={clear}>
            Show all {every.length} case studies
          </Button>
        </Empty>
      )}
      {!filtered && listPage.count > 1 && <Pages current={listPage.number} count={listPage.count} />}
      <Feeds>
        New case studies in your feed reader: <a href={FEEDS.atom.path}>Atom feed</a> or{" "}
        <a href={FEEDS.json.path}>JSON Feed</a>.
      </Feeds>
    </Section>
  );
}

const pageSummary = (page: number, onPage: number, total: number) => {
  const first = (page - 1) * WORKS_PER_PAGE + 1;
  return `Showing ${first}–${first + onPage - 1} of ${total} case studies`;
};

/** Links to every page of the index: crawlers and visitors reach each case study from a listing. */
function Pages({ current, count }: { current: number; count: number }) {
  return (
    <PageLinks aria-label="Case study pages">
      <ol>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === current ? (
              <span aria-current="page">
                <span className="visually-hidden">Page </span>
                {n}
              </span>
            ) : (
              <Link to={worksListPath(n)} aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </PageLinks>
  );
}
