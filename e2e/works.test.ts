import assert from "node:assert/strict";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { loadContent } from "../gatsby/lib/content";
import { sortWorks } from "../gatsby/lib/portfolioOrder";
import { moreWork, worksForIndustry, worksForService } from "../gatsby/lib/relations";
import { baseUrl, closeBrowser, newPage, open, PHONE } from "./lib/browser";
import { axeOn } from "./lib/axe";

/** The content the site was built from: expectations are derived from it, never typed in. */
const content = loadContent(path.resolve("content"));
const works = content.works;
const TOTAL = works.length;
const bySlug = new Map(works.map((w) => [w.slug, w]));
const clientsOf = (list: { client: string }[]) => list.map((w) => w.client).sort();

after(closeBrowser);

/** Client names on the cards of the portfolio, in page order. */
const cardHeadings = (page: Page) =>
  page.getByRole("region", { name: "Case studies" }).getByRole("heading", { level: 3 });

async function cardClients(page: Page): Promise<string[]> {
  return cardHeadings(page).allInnerTexts();
}

const status = (page: Page) => page.getByRole("status");
const select = (page: Page, name: "Industry" | "Service" | "Platform") =>
  page.getByRole("combobox", { name, exact: true });

/** Opens /works{search} and waits until the filters work (they are disabled until hydration). */
async function openPortfolio(page: Page, search = ""): Promise<void> {
  await page.goto(`/works${search}`);
  await select(page, "Industry").and(page.locator(":enabled")).waitFor();
}

async function expectShown(page: Page, expected: { client: string }[]): Promise<void> {
  const summary =
    expected.length === 0
      ? "No case studies match these filters"
      : expected.length === TOTAL
        ? `Showing all ${TOTAL} case studies`
        : `Showing ${expected.length} of ${TOTAL} case studies`;
  await page.waitForFunction(
    (text) => document.querySelector('[role="status"]')?.textContent === text,
    summary,
  );
  // The cards past the first screenful are shown the frame after the answer (LinkCardGrid).
  if (expected.length > 0)
    await cardHeadings(page)
      .nth(expected.length - 1)
      .waitFor();
  assert.deepEqual((await cardClients(page)).sort(), clientsOf(expected));
}

/**
 * Until the address holds `search` (the filter writes it once the change is painted:
 * src/hooks/useUrlSearch.ts), failing with the address it holds.
 */
const inAddress = (page: Page, search: string) =>
  page
    .waitForFunction((s) => window.location.search === s, search, { timeout: 5_000 })
    .catch(() => assert.fail(`the address's query is "${new URL(page.url()).search}", not "${search}"`));

describe("the portfolio page /works", () => {
  let page: Page;
  let context: BrowserContext;
  before(async () => ({ page, context } = await newPage()));
  after(async () => context.close());

  test(`the static HTML links all ${TOTAL} case studies, whatever the query`, async () => {
    assert.equal(TOTAL, 39);
    const html = await (await fetch(`${baseUrl()}/works?industry=finance`)).text();
    const linked = new Set([...html.matchAll(/href="\/works\/([^"/?#]+)\/?"/g)].map((m) => m[1]));
    assert.deepEqual([...linked].sort(), works.map((w) => w.slug).sort());

    // Without JavaScript every card is there, with its cover, client, outcome and labels.
    const noJs = await newPage(undefined, { javaScriptEnabled: false });
    await noJs.page.goto("/works?industry=finance");
    assert.deepEqual((await cardClients(noJs.page)).sort(), clientsOf(works));
    assert.equal(await noJs.page.getByRole("status").innerText(), `Showing all ${TOTAL} case studies`);
    await noJs.context.close();
  });

  test("each card shows its cover image, client, outcome, industry and services as labels", async () => {
    await openPortfolio(page);
    const cards = page
      .getByRole("region", { name: "Case studies" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 3 }),
      });
    assert.equal(await cards.count(), TOTAL);
    for (const work of [works[0], bySlug.get("humm")!, bySlug.get("lighthouse_storage")!]) {
      // By address: a few clients have two case studies, and so two cards with their name.
      const card = cards.filter({ has: page.locator(`a[href="/works/${work.slug}"]`) });
      assert.equal(await card.getByRole("heading", { level: 3 }).innerText(), work.client);
      // These three carry the optional outcome line; a case study without one shows none.
      assert.ok(work.outcome, `${work.slug} has an outcome`);
      await card.getByText(work.outcome, { exact: true }).waitFor();
      const industry = content.industries.find((i) => i.slug === work.industry)!;
      await card.getByText(industry.title, { exact: true }).waitFor();
      const labels = await card.getByRole("list", { name: "Services" }).getByRole("listitem").allInnerTexts();
      assert.deepEqual(
        labels,
        work.services.map((s) => content.services.find((x) => x.slug === s)!.title),
      );
      assert.equal(await card.getByRole("img", { name: work.cover.alt }).count(), 1);
    }
  });

  test("cover images are gatsby-plugin-image's processed sizes in a plain <picture>, lazy below the first row", async () => {
    const html = await (await fetch(`${baseUrl()}/works`)).text();
    const pictures = [...html.matchAll(/<picture\b[\s\S]*?<\/picture>/g)].map((m) => m[0]);
    assert.equal(pictures.length, TOTAL);
    const images = pictures.map((p) => /<img\b[^>]*>/.exec(p)![0]);
    assert.ok(
      pictures.every((p) => /<source type="image\/webp" srcSet="\/static\/[^"]+ 560w/i.test(p)),
      "a WebP source of the processed sizes",
    );
    assert.ok(
      images.every((img) => /srcSet="\/static\/[^"]+ 560w/i.test(img) && /\bsrc="\/static\//.test(img)),
      "responsive, processed images with a fallback src",
    );
    assert.ok(
      images.every((img) => /width="\d+"/.test(img) && /height="\d+"/.test(img)),
      "each has its size, so nothing moves as it loads",
    );
    const lazy = images.filter((img) => /loading="lazy"/.test(img)).length;
    assert.equal(lazy, TOTAL - 3, "all but the first row are lazy");
    // No script swaps sources in: the markup is the image (no data-srcset, no per-image script).
    assert.doesNotMatch(html, /<(img|source)\b[^>]*\bdata-(srcset|src|main-image)\b/);
  });

  test("filtering by industry updates the cards, the count and the URL", async () => {
    await openPortfolio(page);
    await expectShown(page, works);
    await select(page, "Industry").selectOption("edtech");
    await inAddress(page, "?industry=edtech");
    await expectShown(page, worksForIndustry(works, "edtech"));
  });

  test("filtering by service", async () => {
    await openPortfolio(page);
    await select(page, "Service").selectOption("react-native-development");
    await inAddress(page, "?service=react-native-development");
    await expectShown(page, worksForService(works, "react-native-development"));
  });

  test("filtering by platform", async () => {
    await openPortfolio(page);
    await select(page, "Platform").selectOption("pwa");
    await inAddress(page, "?platform=pwa");
    await expectShown(
      page,
      works.filter((w) => w.platforms.includes("pwa")),
    );
  });

  test("filtering by industry and service together, and the URL keeps both", async () => {
    await openPortfolio(page);
    await select(page, "Industry").selectOption("social-media");
    await select(page, "Service").selectOption("react-native-development");
    await inAddress(page, "?industry=social-media&service=react-native-development");
    const expected = works.filter(
      (w) => w.industry === "social-media" && w.services.includes("react-native-development"),
    );
    assert.equal(expected.length, 1);
    await expectShown(page, expected);
  });

  test("a reload keeps the filter", async () => {
    await openPortfolio(page, "?industry=entertainment&platform=web");
    const expected = works.filter((w) => w.industry === "entertainment" && w.platforms.includes("web"));
    await expectShown(page, expected);
    await page.reload();
    await expectShown(page, expected);
    assert.equal(await select(page, "Industry").inputValue(), "entertainment");
    assert.equal(await select(page, "Platform").inputValue(), "web");
    assert.equal(await select(page, "Service").inputValue(), "");
  });

  test("back and forward restore the filters, without scrolling the page away", async () => {
    await openPortfolio(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    await select(page, "Industry").selectOption("travel");
    await expectShown(page, worksForIndustry(works, "travel"));
    await select(page, "Service").selectOption("generative-ai-development");
    await expectShown(page, [bySlug.get("advenchar")!]);
    assert.equal(await page.evaluate(() => window.scrollY), 400, "a filter change does not scroll");

    await page.goBack();
    await inAddress(page, "?industry=travel");
    await expectShown(page, worksForIndustry(works, "travel"));
    assert.equal(await select(page, "Service").inputValue(), "");
    await page.goBack();
    await inAddress(page, "");
    await expectShown(page, works);
    assert.equal(await select(page, "Industry").inputValue(), "");
    await page.goForward();
    await expectShown(page, worksForIndustry(works, "travel"));
    await page.goForward();
    await inAddress(page, "?industry=travel&service=generative-ai-development");
    await expectShown(page, [bySlug.get("advenchar")!]);
    assert.equal(await select(page, "Service").inputValue(), "generative-ai-development");
    assert.equal(await page.evaluate(() => window.scrollY), 400, "back and forward do not scroll either");
  });

  test("the count is announced to screen readers", async () => {
    await openPortfolio(page);
    assert.equal(await status(page).getAttribute("aria-live"), "polite");
    await select(page, "Industry").selectOption("finance");
    await expectShown(page, worksForIndustry(works, "finance"));
    assert.equal(await status(page).innerText(), "Showing 1 of 39 case studies");
  });

  test("an unknown value in the URL is ignored, not an error (and the page hydrates cleanly)", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await openPortfolio(page, "?industry=fintech&service=react-native-development&sort=new");
    await expectShown(page, worksForService(works, "react-native-development"));
    assert.equal(await select(page, "Industry").inputValue(), "");
    assert.equal(await select(page, "Service").inputValue(), "react-native-development");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("console");
    assert.deepEqual(errors, []);
  });

  test("following a link to /works from a filtered view shows every case study again", async () => {
    await openPortfolio(page, "?platform=vr");
    await expectShown(
      page,
      works.filter((w) => w.platforms.includes("vr")),
    );
    await page.locator('header a[href="/works"]').first().click();
    await page.waitForFunction(() => window.location.search === "");
    await expectShown(page, works);
    assert.equal(await select(page, "Platform").inputValue(), "");
  });

  test("each option shows how many case studies it leaves: right in the static HTML and after hydration; dead ends disabled, not hidden", async () => {
    const valuesOf = (w: (typeof works)[number], key: "industry" | "service" | "platform") =>
      key === "industry" ? [w.industry] : key === "service" ? w.services : w.platforms;
    const countFor = (key: "industry" | "service" | "platform", value: string, list: typeof works) =>
      list.filter((w) => (valuesOf(w, key) as string[]).includes(value)).length;
    // The static HTML (crawlers, no JavaScript): counts over every case study, none disabled.
    const html = await (await fetch(`${baseUrl()}/works?service=ui-design`)).text();
    const options = [...html.matchAll(/<option value="([^"]+)"( disabled="")?>([^<]+) \((\d+)\)<\/option>/g)];
    assert.ok(options.length > 20, `${options.length} options`);
    for (const [, value, disabled, , count] of options) {
      const key = content.industries.some((i) => i.slug === value)
        ? "industry"
        : content.services.some((x) => x.slug === value)
          ? "service"
          : "platform";
      assert.equal(Number(count), countFor(key, value, works), `static ${key}=${value}`);
      assert.equal(disabled, undefined, `static ${value} enabled`);
    }
    // After hydration, with a service chosen: each industry and platform counts within it.
    await openPortfolio(page, "?service=react-native-development");
    const withService = works.filter((w) => w.services.includes("react-native-development"));
    await expectShown(page, withService);
    for (const key of ["industry", "platform"] as const) {
      const field = select(page, key === "industry" ? "Industry" : "Platform");
      const rendered = await field.locator("option:not([value=''])").evaluateAll((els) =>
        els.map((el) => {
          const o = el as HTMLOptionElement;
          return { value: o.value, text: o.textContent ?? "", disabled: o.disabled };
        }),
      );
      const all =
        key === "industry"
          ? new Set(works.map((w) => w.industry))
          : new Set(works.flatMap((w) => w.platforms));
      assert.equal(rendered.length, all.size, `every ${key} is still listed`);
      for (const o of rendered) {
        const n = countFor(key, o.value, withService);
        assert.ok(o.text.endsWith(`(${n})`), `${key}=${o.value}: ${o.text}, want ${n}`);
        assert.equal(o.disabled, n === 0, `${key}=${o.value} disabled when it leaves none`);
      }
      assert.ok(
        rendered.some((o) => o.disabled),
        `some ${key} is a dead end with React Native`,
      );
    }
    await page.getByRole("button", { name: "Clear all filters" }).waitFor();
  });

  test("an empty result says so and offers to clear the filters", async () => {
    await openPortfolio(page, "?industry=finance&service=python-web-development");
    await expectShown(page, []);
    await page.getByText("None of our published case studies matches all of these filters").waitFor();
    await page.getByRole("button", { name: `Show all ${TOTAL} case studies` }).click();
    await inAddress(page, "");
    await expectShown(page, works);
  });

  test("Clear all filters removes every filter and returns focus to the first one", async () => {
    await openPortfolio(page, "?service=ui-design&platform=ios");
    await expectShown(
      page,
      works.filter((w) => w.services.includes("ui-design") && w.platforms.includes("ios")),
    );
    await page.getByRole("button", { name: "Clear all filters" }).click();
    await inAddress(page, "");
    await expectShown(page, works);
    assert.equal(await select(page, "Industry").evaluate((el) => el === document.activeElement), true);
    assert.equal(await page.getByRole("button", { name: "Clear all filters" }).count(), 0);
  });

  test("the filters work from the keyboard, with a visible focus", async () => {
    await openPortfolio(page);
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Enter");
    const industry = select(page, "Industry");
    for (let i = 0; i < 10 && !(await industry.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    assert.equal(await industry.evaluate((el) => el === document.activeElement), true, "reached by Tab");
    const focus = await industry.evaluate((el) => ({
      visible: el.matches(":focus-visible"),
      outline: getComputedStyle(el).outlineStyle,
    }));
    assert.deepEqual(focus, { visible: true, outline: "solid" });
    await page.keyboard.press("ArrowDown");
    const first = content.industries
      .filter((i) => i.kind === "sector" && works.some((w) => w.industry === i.slug))
      .sort((a, b) => a.title.localeCompare(b.title))[0];
    await page.waitForFunction((s) => window.location.search === s, `?industry=${first.slug}`);
    await expectShown(page, worksForIndustry(works, first.slug));
  });

  test("has no accessibility violations, filtered or empty", async () => {
    for (const query of ["", "?industry=edtech", "?industry=finance&service=python-web-development"]) {
      await openPortfolio(page, query);
      const { violations } = await axeOn(page).analyze();
      assert.deepEqual(
        violations.map((v) => `${query} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
        [],
      );
    }
  });

  test("the page-data carries only what cards and filters need, under 40 KB compressed", async (t) => {
    const raw = Buffer.from(await (await fetch(`${baseUrl()}/page-data/works/page-data.json`)).arrayBuffer());
    const gzipped = gzipSync(raw).length;
    t.diagnostic(
      `/works page-data: ${(raw.length / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped, ${TOTAL} case studies`,
    );
    assert.ok(gzipped < 40 * 1024, `${gzipped} bytes gzipped`);
    const nodes = JSON.parse(raw.toString()).result.data.allWork.nodes as Record<string, unknown>[];
    assert.equal(nodes.length, TOTAL);
    // The title names the card's link (a client can have two case studies).
    const allowed = ["slug", "client", "title", "outcome", "industry", "services", "platforms", "cover"];
    for (const node of nodes) assert.deepEqual(Object.keys(node).sort(), [...allowed].sort());
    const text = raw.toString();
    for (const work of works) {
      assert.ok(!text.includes(work.challenge.slice(0, 60)), `${work.slug}: the challenge is not shipped`);
      assert.ok(!text.includes(work.gallery[0].alt), `${work.slug}: the gallery is not shipped`);
    }
  });
});

describe("case-study pages", () => {
  test(`every one of the ${TOTAL} has its facts, story, gallery, links, More work, pager and call to action`, async () => {
    const { page, context } = await newPage();
    const problems: string[] = [];
    for (const work of works) {
      await page.goto(`/works/${work.slug}`, { waitUntil: "domcontentloaded" });
      const p = (msg: string) => problems.push(`${work.slug}: ${msg}`);
      const main = page.locator("main");
      if ((await main.getByText(work.client, { exact: true }).count()) === 0) p("no client name");
      if ((await page.getByRole("heading", { level: 1, name: work.headline }).count()) !== 1)
        p("no headline");
      for (const heading of [
        "At a glance",
        "The challenge",
        "What we built",
        "Outcomes",
        "Gallery",
        "More work",
      ])
        if ((await page.getByRole("region", { name: heading }).count()) !== 1) p(`no "${heading}" section`);
      const facts = await page.getByRole("region", { name: "At a glance" }).locator("dt").allInnerTexts();
      for (const fact of ["Industry", "Services", "Platforms", "Region", "Year", "Stack"])
        if (!facts.some((f) => f.toLowerCase() === fact.toLowerCase())) p(`no ${fact} fact`);
      if ((await page.getByRole("region", { name: "Gallery" }).getByRole("img").count()) < 2)
        p("gallery < 2");

      if ((await main.locator(`a[href="/industries/${work.industry}"]`).count()) === 0) p("no industry link");
      for (const s of work.services)
        if ((await main.locator(`a[href="/services/${s}"]`).count()) === 0) p(`no link to service ${s}`);

      const more = await page
        .getByRole("region", { name: "More work" })
        .getByRole("heading", { level: 3 })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      const expected = moreWork(works, work.slug, 3).map((m) => `/works/${m.slug}`);
      if (more.length < 3) p(`More work has ${more.length}`);
      if (more.includes(`/works/${work.slug}`)) p("More work links to itself");
      if (JSON.stringify(more) !== JSON.stringify(expected)) p(`More work ${more} is not ${expected}`);

      const pager = page.getByRole("navigation", { name: "Case studies" });
      if ((await pager.locator('a[rel="prev"]').count()) !== 1) p("no previous link");
      if ((await pager.locator('a[rel="next"]').count()) !== 1) p("no next link");
      const cta = page
        .getByRole("link", { name: "Get a free consultation" })
        .or(page.getByRole("button", { name: "Get a free consultation" }));
      if ((await cta.count()) === 0) p("no 'Get a free consultation'");
    }
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("has no accessibility violations", async () => {
    const { page, context } = await newPage();
    await page.goto("/works/humm");
    const { violations } = await axeOn(page).analyze();
    assert.deepEqual(
      violations.map((v) => v.id),
      [],
    );
    await context.close();
  });
});

test("the portfolio, the mobile menu's Portfolio list and previous/next follow one order", async () => {
  // gatsby/lib/portfolioOrder.ts: newest first, then client, then slug.
  const ordered = sortWorks(works);
  const { page, context } = await newPage();
  await page.goto("/works");
  assert.deepEqual(
    await cardClients(page),
    ordered.map((w) => w.client),
  );

  const phone = await newPage(PHONE);
  await open(phone.page, "/");
  await phone.page.getByRole("button", { name: "Open menu" }).click();
  const menu = phone.page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Portfolio" }).click();
  assert.deepEqual(
    await menu
      .locator("ul a[href^='/works/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ordered.map((w) => `/works/${w.slug}`),
  );
  await phone.context.close();

  // Each case page's "Previous" and "Next" are its neighbours in that order, wrapping around.
  const wrong: string[] = [];
  for (const [i, work] of ordered.entries()) {
    const html = await (await fetch(`${baseUrl()}/works/${work.slug}`)).text();
    const link = (rel: string) =>
      [...html.matchAll(/<a\b[^>]*>/g)]
        .map((m) => m[0])
        .find((tag) => tag.includes(`rel="${rel}"`))
        ?.match(/href="\/works\/([^"]+)"/)?.[1];
    const previous = ordered[(i - 1 + ordered.length) % ordered.length].slug;
    const next = ordered[(i + 1) % ordered.length].slug;
    if (link("prev") !== previous || link("next") !== next)
      wrong.push(`${work.slug}: ${link("prev")}/${link("next")}, not ${previous}/${next}`);
  }
  assert.deepEqual(wrong, []);
  await context.close();
});

test("/casestudy shows the featured case studies set in its content, and links to /works", async () => {
  const featured = content.pages.find((p) => p.slug === "casestudy")!.featured ?? [];
  assert.ok(featured.length >= 3);
  const { page, context } = await newPage();
  await page.goto("/casestudy");
  const section = page.getByRole("region", { name: "Featured case studies" });
  const linked = await section
    .getByRole("heading", { level: 3 })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.deepEqual(
    linked,
    featured.map((slug) => `/works/${slug}`),
  );
  assert.ok((await page.locator('main a[href="/works"]').count()) >= 1, "links to the portfolio");
  await context.close();
});

describe("related work on service and industry pages", () => {
  const check = async (
    entries: { slug: string; title: string }[],
    prefix: string,
    heading: (title: string) => string,
    derive: (slug: string) => { slug: string }[],
  ) => {
    const { page, context } = await newPage();
    const problems: string[] = [];
    for (const entry of entries) {
      await page.goto(`${prefix}${entry.slug}`, { waitUntil: "domcontentloaded" });
      const linked = await page
        .getByRole("region", { name: heading(entry.title) })
        .getByRole("heading", { level: 3 })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      const expected = derive(entry.slug).map((w) => `/works/${w.slug}`);
      if (linked.length === 0) problems.push(`${entry.slug}: no case study`);
      else if (JSON.stringify(linked) !== JSON.stringify(expected))
        problems.push(`${entry.slug}: ${linked} instead of ${expected}`);
    }
    await context.close();
    assert.deepEqual(problems, []);
  };

  test(`every service page (${content.services.length}) links to the case studies that name the service`, async () => {
    await check(
      content.services,
      "/services/",
      (title) => `${title} case studies`,
      (slug) => worksForService(works, slug),
    );
  });

  test(`every industry page (${content.industries.length}) links to the case studies in the industry`, async () => {
    await check(
      content.industries,
      "/industries/",
      (title) => `Our work in ${title}`,
      (slug) => worksForIndustry(works, slug),
    );
  });
});
