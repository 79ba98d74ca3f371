import fs from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { llmsTxt, robotsTxt } from "../lib/crawlerFiles";
import { loadSite } from "../lib/content";
import { extraNetlifyHeaders, headerRules, headerSettings } from "../lib/headers";
import { stripNulBytes } from "../lib/nulBytes";
import { contentDir } from "../lib/paths";
import { removeSourceMaps } from "../lib/sourceMaps";

/**
 * Writes public/robots.txt and public/llms.txt from content (see gatsby/lib/crawlerFiles.ts), and
 * the start of public/_headers that the adapter completes after this (gatsby/lib/headers.ts).
 * Takes out the NUL bytes React 18's streaming renderer can leave in a page (gatsby/lib/nulBytes.ts),
 * and the source maps a plugin copies from a prebuilt package (gatsby/lib/sourceMaps.ts).
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
  const maps = await removeSourceMaps(publicDir);
  if (maps.removed.length)
    reporter.info(`Removed source maps copied from prebuilt packages: ${maps.removed.join(", ")}`);
  // The same rules gatsby-config declares, from the same settings.
  const rules = headerRules(headerSettings(loadSite(contentDir())));
  await Promise.all([
    fs.writeFile(path.join(publicDir, "_headers"), extraNetlifyHeaders(rules)),
    fs.writeFile(path.join(publicDir, "robots.txt"), robotsTxt(d.siteSettings.siteUrl)),
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
};
