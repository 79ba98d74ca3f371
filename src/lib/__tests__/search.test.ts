import { correctQuery, editDistance, excerptParts, flatHits, groupResults, moveActive } from "../search";
import { isSearchShortcut, typedAheadKey } from "../searchShortcut";

const result = (url: string, kind: string, title: string, excerpt = "") => ({
  url,
  excerpt,
  meta: { kind, title },
});

test("results are grouped by kind, the group of the best result first, Pagefind's order inside", () => {
  const groups = groupResults([
    result("/industries/health-care", "industry", "Healthcare"),
    result("/services/ai-conversational-chatbot", "service", "AI Chatbot Development"),
    result("/industries/ai-in-healthcare", "industry", "AI in Healthcare"),
    result("/works/happimynd", "work", "HappiMynd"),
    result("/about", "page", "About us"),
  ]);
  expect(groups.map((g) => g.label)).toEqual(["Industries", "Services", "Case studies", "Pages"]);
  expect(groups[0].hits.map((h) => h.url)).toEqual([
    "/industries/health-care",
    "/industries/ai-in-healthcare",
  ]);
  expect(flatHits(groups).map((h) => h.title)).toEqual([
    "Healthcare",
    "AI in Healthcare",
    "AI Chatbot Development",
    "HappiMynd",
    "About us",
  ]);
  // Ids are unique, for aria-activedescendant.
  expect(new Set(flatHits(groups).map((h) => h.id)).size).toBe(5);
});

test("an unknown kind is a page; a missing title shows the address", () => {
  const [group] = groupResults([{ url: "/uk", excerpt: "", meta: {} }]);
  expect(group.label).toBe("Pages");
  expect(group.hits[0].title).toBe("/uk");
});

test("the excerpt's marked words become marked runs; escapes are decoded, other tags dropped", () => {
  expect(
    excerptParts("Build <mark>React</mark> <mark>Native</mark> apps &amp; more &lt;b&gt; <em>x</em>"),
  ).toEqual([
    { text: "Build ", mark: false },
    { text: "React", mark: true },
    { text: " ", mark: false },
    { text: "Native", mark: true },
    { text: " apps & more <b> x", mark: false },
  ]);
});

test("arrow keys move the active option and wrap at both ends", () => {
  expect(moveActive(-1, 3, "ArrowDown")).toBe(0);
  expect(moveActive(2, 3, "ArrowDown")).toBe(0);
  expect(moveActive(0, 3, "ArrowUp")).toBe(2);
  expect(moveActive(-1, 3, "ArrowUp")).toBe(2);
  expect(moveActive(-1, 0, "ArrowDown")).toBe(-1);
});

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; isComposing: boolean }> = {},
  target: EventTarget | null = document.body,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

test("'/' opens the search unless the visitor is typing in a field; Ctrl+K and Cmd+K always do", () => {
  const input = document.createElement("input");
  expect(isSearchShortcut(key("/"))).toBe(true);
  expect(isSearchShortcut(key("/", {}, input))).toBe(false);
  expect(isSearchShortcut(key("k", { ctrlKey: true }))).toBe(true);
  expect(isSearchShortcut(key("K", { metaKey: true }, input))).toBe(true);
  expect(isSearchShortcut(key("k"))).toBe(false);
  expect(isSearchShortcut(key("k", { ctrlKey: true, altKey: true }))).toBe(false);
});

test("while the dialog loads, characters, Backspace and Enter typed on the page are kept for its field; shortcuts and other keys are not", () => {
  for (const k of ["r", "R", " ", "/", "é", "😀", "Backspace", "Enter"])
    expect(typedAheadKey(key(k))).toBe(k);
  for (const k of ["Escape", "Tab", "ArrowDown", "Shift", "Dead", "F5"])
    expect(typedAheadKey(key(k))).toBeNull();
  expect(typedAheadKey(key("k", { ctrlKey: true }))).toBeNull();
  expect(typedAheadKey(key("v", { metaKey: true }))).toBeNull();
  expect(typedAheadKey(key("a", { altKey: true }))).toBeNull();
  expect(typedAheadKey(key("a", { isComposing: true }))).toBeNull();
  expect(typedAheadKey(key("a", {}, document.createElement("textarea")))).toBeNull();
});

describe("typo correction", () => {
  const vocabulary = [
    "development",
    "healthcare",
    "health",
    "react",
    "native",
    "chatbot",
    "fintech",
    "finance",
  ];

  test("edit distance counts a swap of two letters as one edit", () => {
    expect(editDistance("helthcare", "healthcare", 2)).toBe(1);
    expect(editDistance("chatobt", "chatbot", 2)).toBe(1);
    expect(editDistance("react", "finance", 2)).toBe(3);
  });

  test("a misspelt word becomes the closest word of the site's vocabulary", () => {
    expect(correctQuery("helthcare", vocabulary)).toBe("healthcare");
    expect(correctQuery("Raect Native", vocabulary)).toBe("react native");
    expect(correctQuery("fintehc app", vocabulary)).toBe("fintech app");
  });

  test("known words, prefixes of known words and short words are left alone", () => {
    expect(correctQuery("healthcare", vocabulary)).toBeNull();
    expect(correctQuery("develop", vocabulary)).toBeNull();
    expect(correctQuery("ai app", vocabulary)).toBeNull();
    expect(correctQuery("zzzzzzzz", vocabulary)).toBeNull();
  });
});
