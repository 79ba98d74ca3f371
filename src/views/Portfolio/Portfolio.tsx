import * as React from "react";
import { Button } from "../../components/ButtonLink";
import { LinkCardGrid } from "../../components/Cards";
import { Section } from "../../components/Section";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import { workCard } from "../../lib/cards";
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
} from "../../lib/worksFilter";
import { Filters } from "./Portfolio.Filters";
import { Empty, Form, Status, Toolbar } from "./Portfolio.styles";

/** Cards in the first row; their images load eagerly, the rest lazily. */
const FIRST_ROW = 3;

export interface PortfolioProps {
  works: readonly Queries.PortfolioWorkFragment[];
  /** The page's location (Gatsby's `location` prop); the filter lives in its query. */
  location: { search?: string; key?: string };
}

/**
 * The portfolio: every case study as a card, filtered by industry, service and platform. The
 * static HTML lists them all (crawlers and visitors without JavaScript see every case study);
 * once the page runs, the URL query decides what is shown.
 */
export function Portfolio({ works, location }: PortfolioProps) {
  const [search, setSearch] = useUrlSearch(location);
  const options = React.useMemo(() => filterOptions(works), [works]);
  const filter = React.useMemo(() => (search ? parseFilter(search, options) : {}), [search, options]);
  const shown = React.useMemo(() => filterWorks(works, filter), [works, filter]);
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
          works={works}
          options={options}
          filter={filter}
          enabled={search !== null}
          onChange={change}
          firstFieldRef={firstField}
        />
        <Toolbar>
          <Status role="status" aria-live="polite" aria-atomic="true">
            {resultSummary(shown.length, works.length)}
          </Status>
          {isFiltered(filter) && (
            <Button type="button" $variant="secondary" onClick={clear}>
              Clear all filters
            </Button>
          )}
        </Toolbar>
      </Form>
      {shown.length > 0 ? (
        <LinkCardGrid items={shown.map(workCard)} min={300} eagerImages={FIRST_ROW} />
      ) : (
        <Empty>
          <p>
            None of our published case studies matches all of these filters at once. Change or remove one of
            them, or start again with every case study.
          </p>
          <Button type="button" onClick={clear}>
            Show all {works.length} case studies
          </Button>
        </Empty>
      )}
    </Section>
  );
}
