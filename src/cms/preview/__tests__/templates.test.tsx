/**
 * The preview templates as Decap calls them: props shaped like Decap's (Immutable-like entry,
 * collection and fields, getAsset, getCollection over the real content files), rendered into a
 * document as Decap renders into its iframe's. The browser test (e2e/cms-preview.test.ts) does
 * the same in the real admin.
 */
import * as React from "react";
import { act, render, screen, within } from "@testing-library/react";
import * as gatsby from "gatsby";
import { collections } from "../../../../schemas";
import { buildCmsConfig } from "../../../../shared/cmsConfig";
import { socialImageJobs, socialImageSvg } from "../../../../shared/socialImages";
import { storedEntries as stored } from "../../../../test/cmsContent";
import { workLinkName } from "../../../lib/workLinkName";
import { previewFor, type PreviewProps } from "../templates";

// Each test renders a whole page with its layout (navbar, footer: some 400 links) into jsdom.
jest.setTimeout(60_000);
type Data = Record<string, unknown>;

// The hooks call Gatsby's real useStaticQuery, which reads the context the preview provides
// (the unit-test mock of `gatsby` stubs both by default).
const actual = jest.requireActual("gatsby");
beforeEach(() => {
  (gatsby.useStaticQuery as jest.Mock).mockImplementation(actual.useStaticQuery);
  (gatsby.graphql as unknown as jest.Mock).mockReturnValue("1234");
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
});

/** An Immutable.js-like view of plain data, as Decap hands config and entries to previews. */
function immutable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(immutable);
  if (value && typeof value === "object") {
    const obj = value as Data;
    return { get: (key: string) => immutable(obj[key]), toJS: () => obj };
  }
  return value;
}

const config = buildCmsConfig();
const getAsset = jest.fn((p: string) => ({ url: `blob:http://localhost/${p}`, toString: () => "" }));

function props(name: string, data: Data, slug = String(data.slug ?? "")): PreviewProps {
  return {
    entry: immutable({ data, slug }) as PreviewProps["entry"],
    collection: immutable(config.collections.find((c) => c.name === name)) as PreviewProps["collection"],
    document,
    getAsset,
    getCollection: async (collection: string) =>
      stored(collection).map((entryData) => ({
        get: (key: string) => (key === "data" ? entryData : undefined),
      })),
  };
}

async function renderPreview(name: string, data: Data) {
  const Preview = previewFor(name);
  const view = render(<Preview {...props(name, data)} />);
  expect(screen.getByText("Loading the preview…")).toBeInTheDocument();
  // The other entries load (getCollection) and the preview renders.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  screen.getByRole("main");
  return {
    ...view,
    rerender: (next: Data) => view.rerender(<Preview {...props(name, next, String(data.slug))} />),
  };
}

const humm = stored("works").find((w) => w.slug === "humm")!;

test("a case study previews as its page: the heading, the facts, the industry's name, its card", async () => {
  await renderPreview("works", humm);
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(String(humm.headline));
  const industry = stored("industries").find((i) => i.slug === humm.industry)!;
  const facts = within(screen.getByRole("region", { name: "At a glance" }));
  expect(facts.getByRole("link", { name: String(industry.title) })).toBeInTheDocument();
  const card = within(screen.getByRole("region", { name: "Its card in lists across the site" }));
  expect(
    card.getByRole("link", {
      name: workLinkName({ client: String(humm.client), title: String(humm.title) }),
    }),
  );
  expect(card.getByText(String(humm.outcome))).toBeInTheDocument();
});

test("the preview follows the editor: a new headline, title and outcome show at once", async () => {
  const view = await renderPreview("works", humm);
  view.rerender({
    ...humm,
    headline: "Payments customers understand at a glance",
    title: "Humm: payment plans without the phone calls",
    outcome: "Fewer customers call to ask what they owe and when.",
  });
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
    "Payments customers understand at a glance",
  );
  const card = within(screen.getByRole("region", { name: "Its card in lists across the site" }));
  expect(card.getByRole("link", { name: "Humm: payment plans without the phone calls" })).toBeInTheDocument();
  expect(card.getByText("Fewer customers call to ask what they owe and when.")).toBeInTheDocument();
});

test("its search result and social card follow the title, description and client, as the build makes them", async () => {
  const view = await renderPreview("works", humm);
  const edited = {
    ...humm,
    client: "Humm Group",
    title: "Humm: payment plans without the phone calls",
    description:
      "How Humm's customers see every payment plan, what is due and when, in one screen of the app, so they no longer phone to ask.",
  };
  view.rerender(edited);
  const site = stored("site")[0] as { name: string; tagline: string; siteUrl: string };
  const result = within(screen.getByRole("group", { name: "Search result" }));
  // "<title> | <site name>" is 61 characters: cut at the last whole word within 60.
  expect(result.getByText("Humm: payment plans without the phone calls | Copperline …")).toBeInTheDocument();
  expect(result.getByText(edited.description)).toBeInTheDocument();
  expect(screen.getByText(/^Title: 61 of 60 characters\. Search results cut it/)).toBeInTheDocument();
  // The card, node for node the SVG the build turns into /og/work/humm.png.
  const [job] = socialImageJobs({ site, services: [], industries: [], works: [edited as never] }).filter(
    (j) => j.path === "/og/work/humm.png",
  );
  const built = document.createElement("div");
  built.innerHTML = socialImageSvg(job);
  const card = screen.getByRole("img", { name: `Social card: Case study · Humm Group, ${edited.title}` });
  expect(card.firstElementChild?.isEqualNode(built.firstElementChild)).toBe(true);
});

test("the site's styles are written into the preview's document: global CSS and the components'", async () => {
  await renderPreview("works", humm);
  const css = [...document.head.querySelectorAll("style")].map((s) => s.textContent).join("\n");
  expect(css).toMatch(/h1, h2, h3, h4 \{ color: #/);
  // styled-components' sheet for the components rendered (jsdom keeps the rules in the CSSOM).
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
  expect(rules.some((r) => /border-radius: 8px/.test(r))).toBe(true);
});

test("images are the entry's own paths, fetched through Decap's getAsset with their image field", async () => {
  getAsset.mockClear();
  // The preview's clock is the test's: on a loaded host, rendering alone took over the second.
  jest.useFakeTimers();
  try {
    const Preview = previewFor("works");
    render(<Preview {...props("works", humm)} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    screen.getByRole("main");
    // Asked for once the preview has been still for a second (../previewData.ts).
    await act(() => jest.advanceTimersByTimeAsync(900));
    expect(getAsset).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(200));
  } finally {
    jest.useRealTimers();
  }
  const cover = (humm.cover as { src: string }).src;
  const [, field] = getAsset.mock.calls.find(([p]) => p === cover) as unknown as [
    string,
    { get(k: string): unknown },
  ];
  expect(field.get("public_folder")).toBe("works");
  expect(
    document.querySelector(
      `img[src="blob:http://localhost/${cover}"], [data-src="blob:http://localhost/${cover}"]`,
    ),
  ).not.toBeNull();
});

test.each([...Object.keys(collections)])("every %s entry kind previews without an error", async (name) => {
  const entry = stored(name)[0];
  await renderPreview(name, entry);
  expect(screen.queryByRole("alert")).toBeNull();
  expect(screen.getAllByRole("heading", { level: 1 }).length).toBeGreaterThan(0);
});

test("navigation, footer and site settings preview in the layout with the edited words", async () => {
  const nav = stored("navigation")[0] as { consultation: Data };
  await renderPreview("navigation", {
    ...nav,
    consultation: {
      ...nav.consultation,
      dialogLabel: "Talk to an engineer",
      pitch: "Thirty minutes with a senior engineer, free of charge.",
    },
  });
  // A service page: its hero's button and its closing band say what navigation.yaml says.
  expect(screen.getAllByText("Talk to an engineer").length).toBeGreaterThan(0);
  expect(screen.getByText("Thirty minutes with a senior engineer, free of charge.")).toBeInTheDocument();
  document.body.innerHTML = "";

  const footer = stored("footer")[0] as { columns: Data[] };
  const Preview = previewFor("footer");
  render(
    <Preview
      {...props("footer", {
        columns: [{ ...footer.columns[0], title: "Who we are" }, ...footer.columns.slice(1)],
      })}
    />,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(screen.getByRole("heading", { name: "Who we are" })).toBeInTheDocument();
  document.body.innerHTML = "";

  const site = stored("site")[0] as { consentBanner: Data };
  await renderPreview("site", {
    ...site,
    consentBanner: { ...site.consentBanner, heading: "Can we count your visit?" },
  });
  expect(screen.getByRole("region", { name: "Can we count your visit?" })).toBeInTheDocument();
});

test("an entry the views cannot show yet gives a message, and the preview comes back as the editor types", async () => {
  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  const view = await renderPreview("works", humm);
  // Text where the schema wants text, as a hand-made file could hold: React cannot render it.
  await act(async () =>
    view.rerender({ ...humm, features: [{ title: { text: "Timeline" }, description: "x" }] }),
  );
  expect(await screen.findByRole("alert")).toHaveTextContent("The preview cannot show this entry yet");
  await act(async () => view.rerender(humm));
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(String(humm.headline));
  spy.mockRestore();
});
