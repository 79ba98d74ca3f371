/** @jest-environment node */
import path from "node:path";
import { loadContent } from "../content";
import {
  alternatesFor,
  checkHreflangs,
  hreflangTable,
  HreflangError,
  isValidHreflang,
  X_DEFAULT,
} from "../../../shared/hreflang";
import { sitemapSerializer } from "../sitemap";

const content = loadContent(path.resolve(__dirname, "../../../content"));
const countries = content.countries;
const siteUrl = content.site.siteUrl;
const table = hreflangTable(countries);
const members = table.map((entry) => entry.path);

test("the table has the 14 country pages and the home page as x-default", () => {
  expect(countries).toHaveLength(14);
  expect(table).toHaveLength(15);
  expect(table[table.length - 1]).toEqual({ hreflang: X_DEFAULT, path: "/" });
});

test("country routes get the expected language-region codes", () => {
  const codes = Object.fromEntries(table.map((entry) => [entry.path, entry.hreflang]));
  expect(codes).toMatchObject({
    "/uk": "en-GB",
    "/ae": "en-AE",
    "/au": "en-AU",
    "/bh": "en-BH",
    "/ca": "en-CA",
    "/eg": "en-EG",
    "/en-de": "en-DE",
    "/en-es": "en-ES",
    "/en-fr": "en-FR",
    "/en-nl": "en-NL",
    "/en-us": "en-US",
    "/kw": "en-KW",
    "/qa": "en-QA",
    "/sg": "en-SG",
    "/": "x-default",
  });
});

test("every code is valid: a real language and region, the region matching the page's country", () => {
  for (const c of countries) {
    expect(isValidHreflang(c.locale)).toBe(true);
    expect(c.locale.split("-")[1]).toBe(c.countryCode);
  }
  expect(new Set(table.map((entry) => entry.hreflang)).size).toBe(table.length);
});

test("isValidHreflang rejects malformed and unknown codes", () => {
  expect(isValidHreflang("en-GB")).toBe(true);
  expect(isValidHreflang("x-default")).toBe(true);
  for (const bad of [
    "en-UK",
    "en-EU",
    "en_GB",
    "EN-GB",
    "en-gb",
    "english",
    "xx-GB",
    "en-ZZ",
    "en-XX",
    "en",
    "",
  ]) {
    expect([bad, isValidHreflang(bad)]).toEqual([bad, false]);
  }
});

test("every alternate is reciprocal: each member lists every member, itself included", () => {
  for (const page of members) {
    const alternates = alternatesFor(page, countries, siteUrl);
    expect(alternates).toHaveLength(15);
    for (const other of members) {
      const back = alternatesFor(other, countries, siteUrl);
      // page → other implies other → page
      const self = alternates.find((a) => new URL(a.href).pathname === page)!;
      expect(back.map((a) => a.href)).toContain(self.href);
    }
    expect(alternates.map((a) => a.href)).toEqual(
      table.map((e) => (e.path === "/" ? `${siteUrl}/` : `${siteUrl}${e.path}`)),
    );
  }
});

test("alternates are absolute URLs on the site, with trailing-slash paths matched too", () => {
  for (const a of alternatesFor("/uk/", countries, siteUrl)) {
    expect(a.href).toMatch(new RegExp(`^${siteUrl.replace(/\./g, "\\.")}/`));
    expect(new URL(a.href).protocol).toBe("https:");
  }
});

test("pages outside the set have no alternates", () => {
  expect(alternatesFor("/about", countries, siteUrl)).toEqual([]);
  expect(alternatesFor("/services/nlp-solutions", countries, siteUrl)).toEqual([]);
});

test("a malformed or repeated locale is rejected with the file to fix", () => {
  expect(() => checkHreflangs([{ slug: "uk", locale: "en-UK" }])).toThrow(HreflangError);
  expect(() => checkHreflangs(countries)).not.toThrow();
  expect(() =>
    checkHreflangs([
      { slug: "uk", locale: "en-GB" },
      { slug: "gb", locale: "en-GB" },
    ]),
  ).toThrow('content/countries/gb.yaml › locale: "en-GB" is already used by uk.yaml');
});

test("the sitemap carries the same alternates as the pages' <head>", () => {
  const pages = sitemapSerializer.resolvePages({
    site: { siteMetadata: { siteUrl } },
    allSitePage: { nodes: [{ path: "/" }, { path: "/uk" }, { path: "/about" }] },
    allCountry: { nodes: countries },
  });
  for (const page of pages) {
    const serialized = sitemapSerializer.serialize(page) as {
      url: string;
      links?: { lang: string; url: string }[];
    };
    expect(serialized.url).toBe(page.path);
    expect(serialized.links ?? []).toEqual(
      alternatesFor(page.path, countries, siteUrl).map((a) => ({ lang: a.hreflang, url: a.href })),
    );
  }
  expect(pages.find((p) => p.path === "/about")!.links).toEqual([]);
});
