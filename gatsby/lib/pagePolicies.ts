/**
 * Each page's own Content-Security-Policy: the policy gatsby-config gives every path
 * (gatsby/lib/headers.ts), plus the hashes of exactly the inline scripts in that page's built HTML
 * (gatsby/lib/csp.ts). Gatsby's config is read before anything is built, so the hashes cannot be
 * in it; they are put into the header rules Gatsby hands its adapter, after the build, by wrapping
 * the adapter (`withPagePolicies`): the adapter then writes one rule per page as before, each
 * with its page's hashes (Netlify: public/_headers, which `npm start` reads too).
 *
 * A page is reachable at its address and, on the CDN and under `npm start`, at its file
 * (`/about.html`, `/index.html`): both get the page's rule, so no page falls through to the
 * catch-all `/*` rule, whose policy is the 404 page's (gatsby/node/onPostBuild.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { HeaderRoutes, IAdapter, RoutesManifest } from "gatsby";
import { inlineScriptHashes, inlineScriptProblems, withScriptHashes } from "./csp";

const CSP = "content-security-policy";

/** A problem in a built page that the policy would silently break: the build stops on it. */
export class PagePolicyError extends Error {}

/** A page's policy: `policy` with the hashes of the page's inline scripts; stops on what no hash allows. */
export function pagePolicy(policy: string, html: string, file: string): string {
  const problems = inlineScriptProblems(html);
  if (problems.length) {
    throw new PagePolicyError(
      `${file}: the Content-Security-Policy allows inline scripts by hash only, so the browser would block ${problems.join("; ")}. Attach the handler in a component (React's onClick) or use a link to a page instead.`,
    );
  }
  return withScriptHashes(policy, inlineScriptHashes(html));
}

/** The other address a page's file is served at: `/about` → `/about.html`, `/` → `/index.html`. */
export function fileAddress(pagePath: string): string | undefined {
  if (/\.[a-z0-9]+$/i.test(pagePath)) return undefined;
  return pagePath === "/" ? "/index.html" : `${pagePath.replace(/\/$/, "")}.html`;
}

/**
 * The header routes with each HTML file's policy hashed, and a route for each page's file
 * address. `read` gives a built file's text (by the manifest's path, relative to the project).
 */
export function pageHeaderRoutes(
  routes: RoutesManifest,
  headerRoutes: HeaderRoutes,
  read: (filePath: string) => string,
): HeaderRoutes {
  const htmlFiles = new Map<string, string>();
  for (const route of routes)
    if (route.type === "static" && route.filePath.endsWith(".html"))
      htmlFiles.set(route.path, route.filePath);
  const named = new Set(headerRoutes.map((r) => r.path));
  return headerRoutes.flatMap((route) => {
    const file = htmlFiles.get(route.path);
    const policy = route.headers.find((h) => h.key.toLowerCase() === CSP);
    if (!file || !policy) return [route];
    const hashed = {
      ...route,
      headers: route.headers.map((h) =>
        h === policy ? { ...h, value: pagePolicy(h.value, read(file), file) } : h,
      ),
    };
    const other = file.endsWith("/index.html") ? fileAddress(route.path) : undefined;
    return other && !named.has(other) ? [hashed, { ...hashed, path: other }] : [hashed];
  });
}

/** `adapter`, writing each page's own policy (see above). */
export function withPagePolicies(adapter: IAdapter, root = process.cwd()): IAdapter {
  return {
    ...adapter,
    adapt: (context) =>
      adapter.adapt({
        ...context,
        headerRoutes: pageHeaderRoutes(context.routesManifest, context.headerRoutes, (file) =>
          fs.readFileSync(path.join(root, file), "utf8"),
        ),
      }),
  };
}
