import * as React from "react";
import { FEED_LIST, MARKDOWN_TYPE, markdownPath } from "../../../shared/alternates";
import { absoluteUrl, alternatesFor } from "../../../shared/hreflang";
import { normalizePath, type Crumb } from "../../../shared/routes";
import {
  DEFAULT_SOCIAL_IMAGE,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_TYPE,
  SOCIAL_IMAGE_WIDTH,
} from "../../../shared/socialImages";
import { useCountries } from "../../hooks/useCountries";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import {
  breadcrumbList,
  graph,
  organization,
  serializeJsonLd,
  website,
  type JsonLdNode,
} from "../../lib/seo/structuredData";

export interface SeoProps {
  /** The page's own title; the home page passes none and gets "Name | tagline". */
  title?: string;
  description: string;
  pathname: string;
  noindex?: boolean;
  /** Site path of the page's 1200x630 social card; the default card when left out. */
  image?: string;
  /** What the social card image shows, for screen readers on the sharing sites. */
  imageAlt?: string;
  /** Open Graph type: "article" for case studies, "website" elsewhere. */
  type?: "website" | "article";
  /** Language-region of the page, e.g. en-GB on the UK page, for og:locale. */
  locale?: string;
  /** The route table's trail from home (pageContext.breadcrumbs); a BreadcrumbList below home. */
  breadcrumbs?: Crumb[];
  /** Page-specific JSON-LD nodes (Service, Article) added to the site-wide graph. */
  structuredData?: JsonLdNode[];
  children?: React.ReactNode;
}

export const pageTitle = (site: { name: string; tagline: string }, title?: string): string =>
  title ? `${title} | ${site.name}` : `${site.name} | ${site.tagline}`;

/**
 * Everything a page puts in <head>, rendered by each template's Gatsby `Head` export: title,
 * description, canonical, hreflang alternates (country pages and home), Open Graph and Twitter
 * cards, and one JSON-LD graph (Organization + WebSite on every page, plus the page's own nodes).
 */
export function Seo({
  title,
  description,
  pathname,
  noindex,
  image = DEFAULT_SOCIAL_IMAGE,
  imageAlt,
  type = "website",
  locale,
  breadcrumbs = [],
  structuredData = [],
  children,
}: SeoProps) {
  const site = useSiteSettings();
  const countries = useCountries();
  const path = normalizePath(pathname);
  const url = absoluteUrl(site.siteUrl, path);
  const fullTitle = pageTitle(site, title);
  const imageUrl = `${site.siteUrl}${image}`;
  const alt = imageAlt ?? `${title ?? site.tagline}: ${site.name}`;
  const alternates = noindex ? [] : alternatesFor(path, countries, site.siteUrl);
  const jsonLd = graph([
    organization(site),
    website(site),
    breadcrumbList(site.siteUrl, breadcrumbs),
    ...structuredData,
  ]);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      {/* Every page: the case-study feeds. Indexable pages: their Markdown copy (llms.txt too). */}
      {FEED_LIST.map((feed) => (
        <link
          key={feed.path}
          rel="alternate"
          type={feed.type}
          title={`${site.name} case studies (${feed.label})`}
          href={`${site.siteUrl}${feed.path}`}
        />
      ))}
      {!noindex && (
        <link rel="alternate" type={MARKDOWN_TYPE} href={`${site.siteUrl}${markdownPath(path)}`} />
      )}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={(locale ?? "en-GB").replace("-", "_")} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content={SOCIAL_IMAGE_TYPE} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE_WIDTH)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE_HEIGHT)} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={alt} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      {children}
    </>
  );
}
