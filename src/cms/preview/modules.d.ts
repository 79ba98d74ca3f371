import type * as React from "react";

declare module "gatsby" {
  /**
   * Where useStaticQuery looks up its results: exported by Gatsby's browser entry
   * (cache-dir/gatsby-browser-entry.js) but not declared in its types. The CMS preview provides it.
   */
  export const StaticQueryContext: React.Context<Record<string, { data: unknown }>>;
}
