/**
 * `gatsby` as the /admin/ bundle sees it: gatsby-config aliases the module here for that bundle
 * only. Gatsby's own browser entry brings its page renderer and, through it, every plugin's
 * gatsby-browser file, the site's included; that one imports the layout, whose components import
 * `gatsby` again while the entry is still loading, and the admin stopped at start with "Cannot
 * access 'Link' before initialization". The views need only what is here: gatsby-link's Link
 * (which Gatsby's entry re-exports) and the static query lookup, answered by the preview.
 */
import * as React from "react";

export { Link, navigate, withPrefix } from "gatsby-link";

/** Static query results by query id, as Gatsby's runtime provides them (src/cms/preview provides them here). */
export const StaticQueryContext = React.createContext<Record<string, { data: unknown }>>({});

/** Gatsby's useStaticQuery (gatsby/cache-dir/static-query.js): the result for the query's id. */
export function useStaticQuery<T>(query: string): T {
  const result = React.useContext(StaticQueryContext)[query]?.data;
  if (!result) throw new Error(`No data for the static query ${query}`);
  return result as T;
}

/** Gatsby's Babel plugin compiles every query away; one left in the code is a bug. */
export function graphql(): never {
  throw new Error("A graphql query was left in the CMS bundle: Gatsby's Babel plugin should have removed it");
}
