import { PLATFORMS, platformLabel } from "../../../schemas/platforms";

/**
 * The portfolio filter, as pure functions: which case studies match, which values each filter
 * offers and how many case studies each would show, and the filter's form in the URL query
 * (`/works?industry=finance&service=react-native-development`). The URL is the filter's only
 * state, so a filtered view can be shared, reloaded and reached with the back button.
 */

export const FILTER_KEYS = ["industry", "service", "platform"] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];

/** At most one value per key; a missing key does not filter. */
export type WorksFilter = Partial<Record<FilterKey, string>>;

/** The few fields of a case study the filter reads (what the portfolio page queries). */
export interface FilterableWork {
  industry: { slug: string; title: string; kind?: string | null };
  services: readonly { slug: string; title: string }[];
  platforms: readonly string[];
}

export interface FilterOption {
  value: string;
  label: string;
  /** Options with a group are shown under that heading (an optgroup). */
  group?: string;
}

export type FilterOptions = Record<FilterKey, FilterOption[]>;

export const INDUSTRY_GROUPS: Record<string, string> = { sector: "Industries", ai: "AI industries" };

const valuesOf = (work: FilterableWork, key: FilterKey): readonly string[] => {
  switch (key) {
    case "industry":
      return [work.industry.slug];
    case "service":
      return work.services.map((s) => s.slug);
    case "platform":
      return work.platforms;
  }
};

export const isFiltered = (filter: WorksFilter): boolean => FILTER_KEYS.some((key) => Boolean(filter[key]));

/** Filters combine: a case study must match every filter that is set. */
export const matchesFilter = (work: FilterableWork, filter: WorksFilter): boolean =>
  FILTER_KEYS.every((key) => {
    const wanted = filter[key];
    return !wanted || valuesOf(work, key).includes(wanted);
  });

export const filterWorks = <T extends FilterableWork>(works: readonly T[], filter: WorksFilter): T[] =>
  works.filter((work) => matchesFilter(work, filter));

/**
 * Case-insensitive order for English labels. Not localeCompare: its first call in a page builds an
 * ICU collator, about 14 ms of main thread while the portfolio hydrates (issue 6, TBT).
 */
export const compareText = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

const byLabel = (a: FilterOption, b: FilterOption) => compareText(a.label, b.label);

/**
 * The values each filter offers: only those at least one case study has, so no choice is a
 * dead end by itself. Industries are grouped by kind and sorted by name; services by name;
 * platforms in their usual order (web first).
 */
export function filterOptions(works: readonly FilterableWork[]): FilterOptions {
  const industries = new Map<string, FilterOption>();
  const services = new Map<string, FilterOption>();
  const platforms = new Set<string>();
  for (const work of works) {
    const { slug, title, kind } = work.industry;
    const group = kind ? INDUSTRY_GROUPS[kind] : undefined;
    industries.set(slug, group ? { value: slug, label: title, group } : { value: slug, label: title });
    for (const s of work.services) services.set(s.slug, { value: s.slug, label: s.title });
    for (const p of work.platforms) platforms.add(p);
  }
  const groupOrder = Object.values(INDUSTRY_GROUPS);
  const rank = (o: FilterOption) => (o.group ? groupOrder.indexOf(o.group) : groupOrder.length);
  const order = (p: string) => {
    const i = (PLATFORMS as readonly string[]).indexOf(p);
    return i < 0 ? PLATFORMS.length : i;
  };
  return {
    industry: [...industries.values()].sort((a, b) => rank(a) - rank(b) || byLabel(a, b)),
    service: [...services.values()].sort(byLabel),
    platform: [...platforms]
      .sort((a, b) => order(a) - order(b) || compareText(a, b))
      .map((p) => ({ value: p, label: platformLabel(p) })),
  };
}

/** How many case studies each value of `key` would show, the other filters staying as they are. */
export function facetCounts(
  works: readonly FilterableWork[],
  filter: WorksFilter,
  key: FilterKey,
): Map<string, number> {
  const others: WorksFilter = { ...filter, [key]: undefined };
  const counts = new Map<string, number>();
  for (const work of filterWorks(works, others)) {
    for (const value of new Set(valuesOf(work, key))) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/**
 * Reads the filter from a URL query. Unknown keys and values no case study has are ignored (an
 * old or mistyped link shows more, never an error); of repeated keys the first known value wins.
 */
export function parseFilter(search: string, options: FilterOptions): WorksFilter {
  const params = new URLSearchParams(search);
  const filter: WorksFilter = {};
  for (const key of FILTER_KEYS) {
    const known = new Set(options[key].map((o) => o.value));
    const value = params
      .getAll(key)
      .map((v) => v.trim().toLowerCase())
      .find((v) => known.has(v));
    if (value) filter[key] = value;
  }
  return filter;
}

/** The URL query of a filter, keys in a fixed order ("" when nothing is filtered). */
export function serializeFilter(filter: WorksFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

const plural = (n: number) => `${n} case ${n === 1 ? "study" : "studies"}`;

/** The result line, read out to screen readers whenever it changes. */
export function resultSummary(shown: number, total: number): string {
  if (shown === 0) return "No case studies match these filters";
  if (shown === total) return `Showing all ${plural(total)}`;
  return `Showing ${shown} of ${plural(total)}`;
}

/** Changes of one filter closer together than this share a single history entry. */
export const FILTER_HISTORY_COALESCE_MS = 1000;

export interface FilterChange {
  key: FilterKey | "all";
  at: number;
}

/**
 * Whether a filter change adds a history entry or replaces the current one. Arrow keys on a
 * closed select change its value once per key press; those quick steps through one filter make
 * one entry, so the back button returns to the previous choice rather than the previous option.
 */
export function historyMode(last: FilterChange | null, next: FilterChange): "push" | "replace" {
  return last && last.key === next.key && next.at - last.at < FILTER_HISTORY_COALESCE_MS ? "replace" : "push";
}
