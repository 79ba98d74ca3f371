/**
 * The growth benchmark: the grown site (test/harness/grownSite.ts: 1,000 generated case studies
 * and the editor's, 200 extra services and industries, built from a cold cache in the production
 * configuration; built by `npm test` beside its other builds, or here), compared
 * with the real site's build (./public, already built: by `npm test` in CI, whose build time
 * test/harness/production.ts records): build times, the works index's page-data and HTML size,
 * and a case page's first-load JS. One build, not two: the real site's figures are read from the
 * build the rest of the benchmark measures.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { lastProductionBuild } from "../test/harness/production";
import { headersBytesPerPage, HEADERS_BYTES_PER_PAGE_BUDGET, type HeadersSize } from "./headersSize";
import { buildGrownSite, GENERATED_EXTRA, GENERATED_WORKS, GROWN_SITE_DIR } from "../test/harness/grownSite";
import { serveStatic } from "./staticServer";
import { kb, measureFirstLoadJs } from "./firstLoadJs";
import { WORKS_PER_PAGE } from "../shared/routes";

export interface GrowthFigures {
  table: string;
  notes: string;
  /** Budgets the sites break (the headers file's bytes per page: bench/headersSize.ts). */
  problems: string[];
}

interface SiteFigures {
  pages: number;
  /** Undefined when the build was not timed (not made by test/harness/production.ts). */
  buildSeconds?: number;
  coldBuild?: boolean;
  worksPageData: number;
  worksPageDataGzip: number;
  worksHtml: number;
  worksHtmlGzip: number;
  caseJsGzip: number;
  caseStaticQueriesGzip: number;
  headers: HeadersSize;
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

async function figures(
  dir: string,
  build: { seconds: number; cold: boolean } | undefined,
): Promise<SiteFigures> {
  const pub = path.join(dir, "public");
  const pages = fs.readFileSync(path.join(pub, "sitemap-0.xml"), "utf8").split("<loc>").length - 1;
  const worksPageData = path.join(pub, "page-data/works/page-data.json");
  // gatsby-adapter-netlify writes pages as `<path>.html`; a build without it, as `<path>/index.html`.
  const worksHtml = [path.join(pub, "works.html"), path.join(pub, "works/index.html")].find((f) =>
    fs.existsSync(f),
  )!;
  const casePageData = JSON.parse(
    fs.readFileSync(path.join(pub, "page-data/works/humm/page-data.json"), "utf8"),
  );
  const staticQueries = (casePageData.staticQueryHashes as string[]).reduce(
    (n, hash) => n + gz(path.join(pub, "page-data/sq/d", `${hash}.json`)),
    0,
  );
  const server = await serveStatic(pub);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const js = await measureFirstLoadJs(browser, server.url, "/works/humm");
  await browser.close();
  await server.stop();
  return {
    pages,
    buildSeconds: build?.seconds,
    coldBuild: build?.cold,
    worksPageData: fs.statSync(worksPageData).size,
    worksPageDataGzip: gz(worksPageData),
    worksHtml: fs.statSync(worksHtml).size,
    worksHtmlGzip: gz(worksHtml),
    caseJsGzip: js.gzip + js.deferredGzip,
    caseStaticQueriesGzip: staticQueries,
    headers: headersBytesPerPage(path.join(dir, "public")),
  };
}

/**
 * `root`: the project whose ./public holds the real site's build. With `reuse`, the grown site
 * `npm test` built (for its browser tests) is measured when there is one.
 */
export async function measureGrowth(root: string, { reuse = false } = {}): Promise<GrowthFigures> {
  const works = GENERATED_WORKS + 1;
  const extra = GENERATED_EXTRA;
  const built = reuse ? lastProductionBuild(GROWN_SITE_DIR) : undefined;
  const grown = { dir: GROWN_SITE_DIR, record: built ?? buildGrownSite() };
  try {
    const a = await figures(root, lastProductionBuild(root));
    const b = await figures(grown.dir, grown.record);
    const time = (f: SiteFigures) =>
      f.buildSeconds === undefined
        ? "not timed"
        : `${f.buildSeconds.toFixed(0)} s${f.coldBuild ? "" : " (warm cache)"}`;
    const perPage = (f: SiteFigures) =>
      f.buildSeconds === undefined ? "not timed" : `${((f.buildSeconds / f.pages) * 1000).toFixed(0)} ms`;
    const line = (name: string, f: SiteFigures) =>
      `| ${name} | ${f.pages} | ${time(f)} | ${kb(f.worksPageData)} (${kb(f.worksPageDataGzip)} gzip) | ${kb(f.worksHtml)} (${kb(f.worksHtmlGzip)} gzip) | ${kb(f.caseJsGzip)} | ${kb(f.caseStaticQueriesGzip)} | ${(f.headers.perPage / 1024).toFixed(2)} KB (${kb(f.headers.bytes)} for ${f.headers.pages} HTML files) |`;
    const table = [
      "| Content | Pages in sitemap | Build | `/works` page-data | `/works` HTML | `/works/humm` JS (gzip) | `/works/humm` static-query data (gzip) | `_headers` per HTML page |",
      "|---|---|---|---|---|---|---|---|",
      line("real (39 case studies)", a),
      line(`+${works.toLocaleString("en")} case studies, +${extra} services/industries`, b),
    ].join("\n");
    const ratio =
      a.buildSeconds !== undefined && a.coldBuild
        ? `; ratio of cold build times ${(b.buildSeconds! / a.buildSeconds).toFixed(2)}x for ${(b.pages / a.pages).toFixed(2)}x the pages`
        : " (the real site's build was not a timed cold build, so no ratio)";
    const notes = `Build time per page: ${perPage(a)} (real) vs ${perPage(b)} (grown)${ratio}.

The works index is paginated (${WORKS_PER_PAGE} case studies a page): the \`/works\` page-data holds page 1's cards plus a compact filter index of every case study (about 30 bytes each), and the other pages' cards are fetched only when a filter is set. A case page's content comes as page-data and static-query JSON, not JavaScript; its static-query data grows because the menus and footer list every service and industry.`;
    const problems = [a, b]
      .filter((f) => f.headers.perPage > HEADERS_BYTES_PER_PAGE_BUDGET)
      .map(
        (f) =>
          `${f === a ? "real site" : "grown site"}: public/_headers ${f.headers.perPage.toFixed(0)} bytes per HTML page > ${HEADERS_BYTES_PER_PAGE_BUDGET}`,
      );
    return { table, notes, problems };
  } finally {
    fs.rmSync(grown.dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `npx tsx bench/growth.ts`: the growth figures alone (building the grown site).
  void measureGrowth(path.resolve(__dirname, "..")).then((g) =>
    process.stdout.write(`${g.table}\n\n${g.notes}\n`),
  );
}
