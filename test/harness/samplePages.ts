import { TEMPLATES, type Route, type TemplateName } from "../../shared/routes";
import { routeTable } from "./routes";

/**
 * One page of each kind the site has: the pages the benchmark measures, the SEO audit scores, and
 * the browser tests visit when a check is about a template rather than about every page (checks of
 * every page read the static HTML, which takes milliseconds a page instead of a browser's seconds).
 * The one list: a new template needs a line here, and `samplePages()` fails until it has one.
 */
const SAMPLES: readonly { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "service", path: "/services/nlp-solutions" },
  { name: "AI industry", path: "/industries/ai-in-finance" },
  { name: "industry", path: "/industries/finance" },
  { name: "works case", path: "/works/humm" },
  { name: "works index", path: "/works" },
  { name: "contact", path: "/contact" },
  { name: "about", path: "/about" },
  { name: "country", path: "/uk" },
  { name: "new-home", path: "/new-home" },
  { name: "featured work", path: "/casestudy" },
];

export interface SamplePage {
  name: string;
  path: string;
  route: Route;
}

/** The sample pages, each checked against the route table; every template has at least one. */
export function samplePages(routes: Route[] = routeTable().routes): SamplePage[] {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const pages = SAMPLES.map(({ name, path }) => {
    const route = byPath.get(path);
    if (!route) throw new Error(`test/harness/samplePages.ts: "${path}" (${name}) is not in the route table`);
    return { name, path, route };
  });
  const missing = (Object.keys(TEMPLATES) as TemplateName[]).filter(
    (t) => !pages.some((p) => p.route.template === t),
  );
  if (missing.length) {
    throw new Error(`test/harness/samplePages.ts: no sample page for the template(s) ${missing.join(", ")}`);
  }
  return pages;
}

/** The sample pages' paths. */
export const samplePaths = (routes?: Route[]): string[] => samplePages(routes).map((p) => p.path);
