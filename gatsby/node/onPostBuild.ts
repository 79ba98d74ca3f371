import fs from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { FEEDS, markdownPath } from "../../shared/alternates";
import { buildRoutes, worksPageCount } from "../../shared/routes";
import { DigestCache } from "../lib/buildCache";
import { builtPageFile } from "../lib/builtPages";
import { llmsTxt, robotsTxt } from "../lib/crawlerFiles";
import { loadSite } from "../lib/content";
import { atomFeed, caseStudyFeed, jsonFeed11 } from "../lib/feeds";
import { headerSettings } from "../lib/csp";
import { extraNetlifyHeaders, headerRules } from "../lib/headers";
import { llmsFullTxt, markdownRoutes, pageMarkdown } from "../lib/markdown";
import { stripNulBytes } from "../lib/nulBytes";
import { collectPageScripts, pageScriptsCache } from "../lib/pagePolicies";
import { contentDir } from "../lib/paths";
import { removeSourceMaps } from "../lib/sourceMaps";
import { runScriptsAfterFirstView } from "../lib/scriptsAfterFirstView";
import { buildSearchIndex } from "../lib/searchIndex";
import { writeWorksCards } from "../lib/worksCards";

/**
 * Writes public/robots.txt and public/llms.txt from content (see gatsby/lib/crawlerFiles.ts), and
 * the start of public/_headers that the adapter completes after this (gatsby/lib/headers.ts).
 * Takes out the NUL bytes React 18's streaming renderer can leave in a page (gatsby/lib/nulBytes.ts),
 * and the source maps a plugin copies from a prebuilt package (gatsby/lib/sourceMaps.ts); makes
 * Gatsby's scripts run after the first view (gatsby/lib/scriptsAfterFirstView.ts), before the
 * adapter hashes each page's inline scripts into its policy.
 * Then, from the pages just built: a Markdown copy of each indexable page and llms-full.txt
 * (gatsby/lib/markdown.ts), the case-study feeds (gatsby/lib/feeds.ts), the works index's
 * cards per page (gatsby/lib/worksCards.ts) and the search index (gatsby/lib/searchIndex.ts).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  // Typed by the generated Queries.CrawlerFilesQuery (npm run typegen).
  const result = await graphql<Queries.CrawlerFilesQuery>(`
    query CrawlerFiles {
      siteSettings {
        name
        tagline
        description
        siteUrl
        email
        phone
      }
      allPage {
        nodes {
          slug
          title
          description
        }
      }
      allService {
        nodes {
          slug
          title
          description
        }
      }
      allIndustry {
        nodes {
          slug
          title
          description
          kind
        }
      }
      allWork {
        nodes {
          slug
          title
          description
          client
          outcome
          year
          industry {
            slug
            title
          }
          services {
            slug
            title
          }
          cover {
            alt
            src {
              publicURL
            }
          }
        }
      }
      allCountry {
        nodes {
          slug
          title
          description
          country
        }
      }
    }
  `);
  const d = result.data;
  if (result.errors || !d?.siteSettings) {
    reporter.panicOnBuild("Could not read the content for robots.txt and llms.txt", result.errors);
    return;
  }
  const publicDir = path.resolve("public");
  const cleaned = await stripNulBytes(publicDir);
  if (cleaned.length)
    reporter.info(`Removed the NUL bytes React's streaming renderer left in ${cleaned.join(", ")}`);
  await runScriptsAfterFirstView(publicDir);
  const maps = await removeSourceMaps(publicDir);
  if (maps.removed.length)
    reporter.info(`Removed source maps copied from prebuilt packages: ${maps.removed.join(", ")}`);
  const site = d.siteSettings;
  const routes = buildRoutes({
    pages: d.allPage.nodes,
    services: d.allService.nodes,
    industries: d.allIndustry.nodes,
    works: d.allWork.nodes,
    countries: d.allCountry.nodes,
  });
  // Markdown copies of the indexable pages, from their built HTML, beside them (/about.md); a page
  // whose HTML is as in the last build gets the copy made then (gatsby/lib/buildCache.ts).
  const copies = DigestCache.at<string>("markdown", site.siteUrl);
  const markdown = await Promise.all(
    markdownRoutes(routes).map(async (route) => {
      const html = await fs.readFile(builtPageFile(publicDir, route.path), "utf8");
      const text = copies.get(`${route.path}\n${html}`, () =>
        pageMarkdown({ path: route.path, html }, site.siteUrl),
      );
      const file = path.join(publicDir, markdownPath(route.path));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, text);
      return { path: route.path, markdown: text };
    }),
  );
  copies.save();
  const worksPage = d.allPage.nodes.find((p) => p.slug === "works");
  const feed = caseStudyFeed({
    site,
    title: worksPage?.title ?? "Our work",
    works: d.allWork.nodes.map((w) => ({
      ...w,
      cover: w.cover.src?.publicURL ? { src: w.cover.src.publicURL, alt: w.cover.alt } : null,
    })),
  });
  await writeWorksCards(publicDir, worksPageCount(d.allWork.nodes.length));
  const search = await buildSearchIndex(publicDir, routes);
  reporter.info(
    `Search index: ${search.pages} pages, ${search.files} files, ${(search.bytes / 1024).toFixed(0)} KB (public/pagefind/)`,
  );
  // The site's header rules (each page's policy is added once the adapter has written its rules
  // and moved the pages: gatsby/lib/pagePolicies.ts).
  const rules = headerRules(headerSettings(loadSite(contentDir())));
  await Promise.all([
    fs.writeFile(
      path.join(publicDir, "_headers"),
      extraNetlifyHeaders(rules, { markdownFiles: markdown.map((m) => markdownPath(m.path)) }),
    ),
    fs.writeFile(path.join(publicDir, "robots.txt"), robotsTxt(d.siteSettings.siteUrl)),
    fs.writeFile(path.join(publicDir, "llms-full.txt"), llmsFullTxt(d.siteSettings, markdown)),
    fs.writeFile(path.join(publicDir, FEEDS.atom.path), atomFeed(feed)),
    fs.writeFile(path.join(publicDir, FEEDS.json.path), jsonFeed11(feed)),
    fs.writeFile(
      path.join(publicDir, "llms.txt"),
      llmsTxt({
        site: d.siteSettings,
        pages: d.allPage.nodes,
        services: d.allService.nodes,
        industries: d.allIndustry.nodes,
        works: d.allWork.nodes,
        countries: d.allCountry.nodes,
      }),
    ),
  ]);
  // Each page's inline scripts, for its policy once the adapter has moved the pages (it runs after
  // the host has saved .cache): gatsby/lib/pagePolicies.ts.
  const scripts = pageScriptsCache();
  collectPageScripts(publicDir, scripts);
  reporter.info(
    `Page scripts for the policies: ${scripts.misses} pages read, ${scripts.hits} unchanged since the last build`,
  );
};
