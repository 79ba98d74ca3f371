import path from "node:path";
import { loadContent } from "../../gatsby/lib/content";
import { buildRoutes, type Route } from "../../shared/routes";
import type { Site } from "../../schemas";

/** The route table, computed from the same content the site was built from. */
export function routeTable(contentDir = path.resolve("content")): {
  routes: Route[];
  siteUrl: string;
  site: Site;
} {
  const content = loadContent(contentDir);
  const routes = buildRoutes({
    pages: content.pages,
    services: content.services,
    industries: content.industries,
    works: content.works,
    countries: content.countries,
  });
  return { routes, siteUrl: content.site.siteUrl, site: content.site };
}
