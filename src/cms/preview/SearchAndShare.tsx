/**
 * What most visitors see of a page before they open it, under the page preview: its search result
 * (the page's title and description cut where search results cut them, with their lengths and a
 * warning past them; the lengths are the content checks' own, schemas/common.ts) and its social
 * card, drawn by the build's own code (shared/socialImages.ts: the build turns the same SVG into
 * the /og/ PNG with sharp) in the build's font. Both follow the editor's typing.
 */
import * as React from "react";
import styled, { createGlobalStyle } from "styled-components";
import boldFont from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import regularFont from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";
import { SEARCH_RESULT_LENGTHS } from "../../../schemas";
import { absoluteUrl } from "../../../shared/hreflang";
import type { Route } from "../../../shared/routes";
import {
  SOCIAL_IMAGE_FONT,
  socialCards,
  socialImageSvg,
  type SocialImageJob,
} from "../../../shared/socialImages";
import { pageTitle } from "../../components/Seo";
import { cutForSearch, displayUrl } from "./searchResult";
import type { SiteGraph } from "./siteGraph";
import { theme } from "../../styles/theme";

/**
 * The cards' font from the same npm package the build draws with (gatsby/lib/cardFonts.ts), served
 * with the admin ('self' in its font-src): a font of the editor's machine would draw other glyphs.
 */
const CardFonts = createGlobalStyle`
  @font-face {
    font-family: "${SOCIAL_IMAGE_FONT}";
    font-weight: 400;
    src: url(${regularFont}) format("truetype");
  }
  @font-face {
    font-family: "${SOCIAL_IMAGE_FONT}";
    font-weight: 700;
    src: url(${boldFont}) format("truetype");
  }
`;

export interface SearchAndShareProps {
  /** The page's <title>, as the page's head writes it ("Title | Site"). */
  title: string;
  description: string;
  /** The page's address. */
  url: string;
  /** The page's social card, as the build draws it. */
  card: SocialImageJob;
}

const Panel = styled.section`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: ${theme.spacing(4, 2.5)};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing(3)};
  font-family: ${theme.fonts.body};
  h2 {
    flex-basis: 100%;
    margin: 0;
    font-size: 1.25rem;
  }
  figure {
    flex: 1 1 320px;
    margin: 0;
  }
  figcaption {
    margin-bottom: ${theme.spacing(1)};
    font-weight: 600;
  }
`;

/** A search result as Google lays it out (its fonts and colours), not the site's. */
const Result = styled.div`
  font-family: Arial, sans-serif;
  color: #4d5156;
  font-size: 14px;
  line-height: 1.58;
  cite {
    display: block;
    font-style: normal;
    color: #202124;
  }
  p {
    margin: 0;
  }
  [data-title] {
    font-size: 20px;
    line-height: 1.3;
    color: #1a0dab;
    margin: 4px 0;
  }
`;

const Card = styled.div`
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const Lengths = styled.ul`
  margin: ${theme.spacing(1.5, 0, 0)};
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  color: ${theme.colors.muted};
  [data-warning] {
    color: #8a4b00;
    font-weight: 600;
  }
`;

function Length({ name, text, max }: { name: string; text: string; max: number }) {
  const length = text.trim().replace(/\s+/g, " ").length;
  const cut = length > max;
  return (
    <li data-warning={cut ? "" : undefined}>
      {name}: {length} of {max} characters
      {cut && `. Search results cut it after about ${max}: the rest is not shown.`}
    </li>
  );
}

export function SearchAndShare({ title, description, url, card }: SearchAndShareProps) {
  const { title: titleMax, description: descriptionMax } = SEARCH_RESULT_LENGTHS;
  return (
    <Panel aria-labelledby="search-and-share">
      <CardFonts />
      <h2 id="search-and-share">In search results and when shared</h2>
      <figure>
        <figcaption>Search result</figcaption>
        <Result role="group" aria-label="Search result">
          <cite>{displayUrl(url)}</cite>
          <p data-title="">{cutForSearch(title, titleMax)}</p>
          <p>{cutForSearch(description, descriptionMax)}</p>
        </Result>
        <Lengths>
          <Length name="Title" text={title} max={titleMax} />
          <Length name="Description" text={description} max={descriptionMax} />
        </Lengths>
      </figure>
      <figure>
        <figcaption>Social card ({card.path})</figcaption>
        <Card
          role="img"
          aria-label={`Social card: ${card.eyebrow}, ${card.title}`}
          // The build's own SVG of the card (its text escaped by socialImageSvg).
          dangerouslySetInnerHTML={{ __html: socialImageSvg(card) }}
        />
      </figure>
    </Panel>
  );
}

/**
 * The page's search result and social card, from the entry's current values, as the page's head
 * (src/components/Seo) and the build's cards (shared/socialImages.ts) make them.
 */
export function HeadPreview({
  graph,
  route,
  data,
}: {
  graph: SiteGraph;
  route: Route;
  data: Record<string, unknown>;
}) {
  const site = graph.file("SiteSettings") as { name: string; tagline: string; siteUrl: string };
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string).trim() : "");
  const home = route.template === "home";
  const entry = { slug: route.slug, title: text("title"), client: text("client"), kind: text("kind") };
  const card =
    route.kind === "work"
      ? socialCards.work(site, entry)
      : route.kind === "service"
        ? socialCards.service(site, entry)
        : route.kind === "industry"
          ? socialCards.industry(site, entry)
          : socialCards.default(site);
  const description = home ? String(graph.node("Page", "home")?.description ?? "") : text("description");
  return (
    <SearchAndShare
      title={home ? pageTitle(site) : pageTitle(site, entry.title)}
      description={description}
      url={absoluteUrl(site.siteUrl, route.path)}
      card={card}
    />
  );
}
