/**
 * The site's wrapper of gatsby-adapter-netlify (Gatsby's public adapter API): what the adapter
 * writes, corrected where Netlify's own runtime reads it otherwise (ADR 0015), and each page's
 * policy (gatsby/lib/pagePolicies.ts).
 *
 * - Rewrites with a query (Partytown's proxy: `/__third-party-proxy?url=<encoded URL>`) go to
 *   `.netlify/v1/config.json`, Netlify's Frameworks API, instead of `public/_redirects`. In a
 *   `_redirects` line a query value can be written only percent-encoded (its parser splits each
 *   `key=value` at every `=`), and Netlify's matcher (netlify-redirector) compares the value the
 *   request carries, decoded once, with the value written: so the adapter's line matched only a
 *   URL encoded twice and the page's request for gtag.js was a 404. In the Frameworks API's JSON
 *   the value is written as it is, and the page's request matches. Still only that one URL.
 * - The function's config names its included files relative to the project
 *   (`includedFilesBasePath` dropped: Netlify's bundler then takes the project's folder), so a
 *   build copied elsewhere bundles its own files, not the build machine's.
 */
import fs from "node:fs";
import path from "node:path";
import type { IAdapter, RoutesManifest } from "gatsby";
import { pagePolicies, pageScriptsCache } from "./pagePolicies";

/** Netlify's Frameworks API configuration file, in the project folder (netlify/build reads it after the build). */
export const FRAMEWORKS_CONFIG_FILE = ".netlify/v1/config.json";

/** A redirect as netlify.toml and the Frameworks API declare it. */
export interface ConfigRedirect {
  from: string;
  query: Record<string, string>;
  to: string;
  status: number;
  force: boolean;
}

type Route = RoutesManifest[number];
const hasQuery = (route: Route) => route.type === "redirect" && route.path.includes("?");

/** A Gatsby redirect with a query (`/p?url=<encoded>`) as a Frameworks API redirect, its values decoded. */
export function configRedirect(route: Route & { type: "redirect" }): ConfigRedirect {
  const url = new URL(route.path, "http://localhost");
  return {
    from: url.pathname,
    query: Object.fromEntries(url.searchParams),
    to: route.toPath,
    status: route.status,
    force: Boolean(route.force),
  };
}

/** The function configs the adapter wrote, without the build machine's folder. */
function portableFunctionConfigs(projectDir: string): void {
  const dir = path.join(projectDir, ".netlify", "functions-internal");
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name, `${name}.json`);
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { config: Record<string, unknown> };
    delete manifest.config.includedFilesBasePath;
    fs.writeFileSync(file, JSON.stringify(manifest));
  }
}

/** `adapter`, with the corrections above and each page's policy in what it wrote. */
export function withHostRules(adapter: IAdapter, projectDir = process.cwd()): IAdapter {
  return {
    ...adapter,
    async adapt(context) {
      const routes = context.routesManifest;
      await adapter.adapt({
        ...context,
        routesManifest: routes.filter((route) => !hasQuery(route)),
      });
      const config = path.join(projectDir, FRAMEWORKS_CONFIG_FILE);
      fs.mkdirSync(path.dirname(config), { recursive: true });
      const redirects = routes.filter(hasQuery).map((r) => configRedirect(r as Route & { type: "redirect" }));
      fs.writeFileSync(config, `${JSON.stringify({ redirects }, null, 2)}\n`);
      portableFunctionConfigs(projectDir);
      const headers = path.join(projectDir, "public", "_headers");
      fs.writeFileSync(
        headers,
        // The pages' scripts were read into .cache by onPostBuild (a warm build reads none again).
        pagePolicies(
          fs.readFileSync(headers, "utf8"),
          path.join(projectDir, "public"),
          pageScriptsCache(projectDir),
        ),
      );
    },
  };
}
