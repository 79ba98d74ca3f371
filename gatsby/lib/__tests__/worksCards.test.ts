import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeWorksCards } from "../worksCards";

let publicDir: string;
beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "works-cards-"));
});
afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

function pageData(pagePath: string, result: unknown) {
  const dir = path.join(publicDir, "page-data", pagePath);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "page-data.json"), JSON.stringify({ componentChunkName: "x", result }));
}

test("each index page's cards become the site's own file, exactly as the page's query gave them", async () => {
  const first = [{ slug: "humm", client: "Humm" }];
  const second = [{ slug: "lighthouse", client: "Lighthouse Storage" }];
  pageData("/works", { data: { allWork: { nodes: first } }, pageContext: { portfolio: {} } });
  pageData("/works/page/2", { data: { allWork: { nodes: second } } });
  await writeWorksCards(publicDir, 2);
  const read = (n: number) =>
    JSON.parse(fs.readFileSync(path.join(publicDir, `data/works/${n}.json`), "utf8"));
  expect(read(1)).toEqual({ works: first });
  expect(read(2)).toEqual({ works: second });
});

test("a page-data file of another shape fails the build, naming the file", async () => {
  pageData("/works", { data: { works: [] } });
  await expect(writeWorksCards(publicDir, 1)).rejects.toThrow(
    "page-data/works/page-data.json: no result.data.allWork.nodes (has Gatsby's page-data format changed? see docs/upgrading.md)",
  );
});
