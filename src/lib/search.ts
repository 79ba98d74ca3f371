/**
 * Site search, the parts that are plain logic: which key opens it, how results are grouped by
 * kind, and how Pagefind's highlighted excerpt becomes text with marked runs (no HTML is ever
 * injected into the page). Pure, unit-tested; src/components/Search renders them.
 */
import { SEARCH_KINDS, type SearchKind } from "../../shared/search";

/** One result as Pagefind's `data()` gives it (the fields the dialog reads). */
export interface PagefindResultData {
  url: string;
  /** Pagefind's excerpt: HTML-escaped text with the matched words in <mark>. */
  excerpt: string;
  meta: { title?: string; kind?: string };
}

export interface SearchHit {
  id: string;
  url: string;
  title: string;
  kind: SearchKind;
  excerpt: ExcerptPart[];
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
}

export type ExcerptPart = { text: string; mark: boolean };

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  "#x27": "'",
  apos: "'",
};

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => ENTITIES[name]);

/** Splits Pagefind's excerpt into plain and marked runs; other tags are dropped, escapes decoded. */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const add = (html: string, mark: boolean) => {
    const text = decode(html.replace(/<[^>]*>/g, ""));
    if (text) parts.push({ text, mark });
  };
  const re = /<mark>(.*?)<\/mark>/gs;
  let last = 0;
  for (let m = re.exec(excerpt); m; m = re.exec(excerpt)) {
    add(excerpt.slice(last, m.index), false);
    add(m[1], true);
    last = m.index + m[0].length;
  }
  add(excerpt.slice(last), false);
  return parts;
}

const kindOf = (value: string | undefined): SearchKind =>
  (SEARCH_KINDS.find((k) => k.kind === value)?.kind ?? "page") as SearchKind;

/**
 * Results grouped by kind, in Pagefind's order inside each group; the groups in the order of
 * their best result, so the best match is always the first option, whatever its kind.
 */
export function groupResults(results: readonly PagefindResultData[]): SearchGroup[] {
  const groups = new Map<SearchKind, SearchGroup>();
  results.forEach((r, i) => {
    const kind = kindOf(r.meta.kind);
    let group = groups.get(kind);
    if (!group) {
      group = { kind, label: SEARCH_KINDS.find((k) => k.kind === kind)!.label, hits: [] };
      groups.set(kind, group);
    }
    group.hits.push({
      id: `search-hit-${i}`,
      url: r.url,
      title: r.meta.title ?? r.url,
      kind,
      excerpt: excerptParts(r.excerpt),
    });
  });
  return [...groups.values()];
}

/** Every hit in the order the listbox shows them (the order arrow keys walk). */
export const flatHits = (groups: readonly SearchGroup[]): SearchHit[] => groups.flatMap((g) => g.hits);

/** The next active option for an arrow key, wrapping at both ends (-1: none active). */
export function moveActive(current: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return current + 1 >= count ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/** Edit distance with transpositions (optimal string alignment), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The query with each misspelt word replaced by the closest word of the site's vocabulary (most
 * frequent first on a tie), or null when no word needed it. Words under 4 letters are kept; up to
 * 7 letters one edit is allowed, from 8 letters two.
 */
export function correctQuery(query: string, vocabulary: readonly string[]): string | null {
  const known = new Set(vocabulary);
  let changed = false;
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      if (word.length < 4 || known.has(word) || vocabulary.some((v) => v.startsWith(word))) return word;
      const max = word.length >= 8 ? 2 : 1;
      let best: string | undefined;
      let bestDistance = max + 1;
      for (const candidate of vocabulary) {
        const d = editDistance(word, candidate, max);
        if (d < bestDistance) {
          best = candidate;
          bestDistance = d;
        }
      }
      if (!best) return word;
      changed = true;
      return best;
    });
  return changed ? words.join(" ") : null;
}
