import * as React from "react";
import type { Crumb } from "../../../shared/routes";
import { pathFor } from "../../../shared/routes";
import { socialImagePath, type SocialImageKind } from "../../../shared/socialImages";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import type { JsonLdNode } from "../../lib/seo/structuredData";
import { Seo } from "./Seo";

export interface EntrySeoProps {
  kind: SocialImageKind;
  entry: { slug: string; title: string; description: string };
  pathname: string;
  breadcrumbs: readonly Crumb[];
  type?: "website" | "article";
  /** The page's own JSON-LD, given its canonical path and its social card's absolute URL. */
  structuredData?: (page: { siteUrl: string; path: string; image: string }) => JsonLdNode[];
}

/** The Head of a service, industry or case page: its social card, its trail and its JSON-LD. */
export function EntrySeo({ kind, entry, pathname, breadcrumbs, type, structuredData }: EntrySeoProps) {
  const { siteUrl } = useSiteSettings();
  const image = socialImagePath(kind, entry.slug);
  return (
    <Seo
      title={entry.title}
      description={entry.description}
      pathname={pathname}
      type={type}
      image={image}
      breadcrumbs={[...breadcrumbs]}
      structuredData={
        structuredData?.({ siteUrl, path: pathFor(kind, entry.slug), image: `${siteUrl}${image}` }) ?? []
      }
    />
  );
}
