/**
 * The works index's cards, one file per index page (`worksCardsPath`): what a visitor's browser
 * fetches when a filter on a paginated index must cover every page (src/views/Portfolio). The
 * site's own files, so the browser never reads Gatsby's page-data of other pages, whose shape is
 * Gatsby's to change. They are copied from each index page's query result just after the build
 * wrote it, so a card holds exactly what the page's own cards hold; if Gatsby's page-data ever
 * changes shape, this fails the build naming the file (docs/upgrading.md), not a visitor's filter.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { worksCardsPath, worksListPath } from "../../shared/routes";

export async function writeWorksCards(publicDir: string, pageCount: number): Promise<void> {
  await Promise.all(
    Array.from({ length: pageCount }, (_, i) => i + 1).map(async (page) => {
      const source = path.join(publicDir, "page-data", worksListPath(page), "page-data.json");
      const json = JSON.parse(await fs.readFile(source, "utf8")) as {
        result?: { data?: { allWork?: { nodes?: unknown } } };
      };
      const works = json.result?.data?.allWork?.nodes;
      if (!Array.isArray(works))
        throw new Error(
          `${path.relative(publicDir, source)}: no result.data.allWork.nodes (has Gatsby's page-data format changed? see docs/upgrading.md)`,
        );
      const file = path.join(publicDir, worksCardsPath(page));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify({ works }));
    }),
  );
}
