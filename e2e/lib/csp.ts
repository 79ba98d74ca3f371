import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { builtPageFile } from "../../gatsby/lib/builtPages";
import { loadSite } from "../../gatsby/lib/content";
import { headerSettings, inlineScriptHashes, sitePolicy, withScriptHashes } from "../../gatsby/lib/csp";
import { contentDir } from "../../gatsby/lib/paths";

const publicDir = path.resolve(__dirname, "../../public");

/** The site's policy as gatsby-config declares it: what a file that is not a page gets. */
export const SITE_POLICY = sitePolicy(headerSettings(loadSite(contentDir())));

/** The built HTML of a page (the 404 page for a path the site does not have). */
export function builtHtml(pagePath: string): string {
  let file: string;
  try {
    file = builtPageFile(publicDir, pagePath);
  } catch {
    file = path.join(publicDir, "404.html");
  }
  return fs.readFileSync(file, "utf8");
}

/**
 * The policy a page must be served with: the site's, plus the hashes of exactly the inline
 * scripts in that page's built HTML, computed here again from the file.
 */
export const expectedPolicy = (pagePath: string): string =>
  withScriptHashes(SITE_POLICY, inlineScriptHashes(builtHtml(pagePath)));

/**
 * Records every Content-Security-Policy violation in the context's pages, from the first script
 * on and across navigations: `securitypolicyviolation` events (in every frame) and the console's
 * reports. Returns the list, filled as they happen.
 */
export async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__cspViolation", ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}
