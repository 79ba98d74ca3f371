import * as React from "react";
import { normalizePath } from "../../../gatsby/lib/routes";
import { useSiteSettings } from "../../hooks/useSiteSettings";

export interface SeoProps {
  /** The page's own title; the home page passes none and gets "Name | tagline". */
  title?: string;
  description: string;
  pathname: string;
  noindex?: boolean;
  children?: React.ReactNode;
}

export const pageTitle = (site: { name: string; tagline: string }, title?: string): string =>
  title ? `${title} | ${site.name}` : `${site.name} | ${site.tagline}`;

/** Everything a page puts in <head>: rendered by each template's Gatsby `Head` export. */
export function Seo({ title, description, pathname, noindex, children }: SeoProps) {
  const site = useSiteSettings();
  const url = `${site.siteUrl}${normalizePath(pathname)}`;
  return (
    <>
      <title>{pageTitle(site, title)}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      {children}
    </>
  );
}
