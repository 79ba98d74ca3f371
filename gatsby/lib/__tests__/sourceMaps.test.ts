/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { removeSourceMaps } from "../sourceMaps";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (relative: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
};
const read = (relative: string) => fs.readFileSync(path.join(dir, relative), "utf8");
const exists = (relative: string) => fs.existsSync(path.join(dir, relative));

test("maps copied from prebuilt packages go, and the comments that pointed at them", async () => {
  // What gatsby-plugin-decap-cms copies into public/admin/: Decap's bundle and its map.
  write("admin/decap-cms-app.js", '(()=>{"use strict";})();\n//# sourceMappingURL=decap-cms-app.js.map');
  write("admin/decap-cms-app.js.map", '{"version":3,"sources":["webpack://src/index.js"]}');
  write("admin/react.production.min.js", "!function(){}();\n");
  write("vendor.css", "a{color:red}\n/*# sourceMappingURL=vendor.css.map */\n");
  write("vendor.css.map", "{}");
  write("inline.js", "x();\n//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozfQ==\n");
  write("app-1a2b.js", "//# allFunctionsCalledOnLoad\nrun();\n");

  const result = await removeSourceMaps(dir);

  expect(result.removed).toEqual(["admin/decap-cms-app.js.map", "vendor.css.map"]);
  expect(result.stripped).toEqual(["admin/decap-cms-app.js", "inline.js", "vendor.css"]);
  expect(exists("admin/decap-cms-app.js.map")).toBe(false);
  expect(read("admin/decap-cms-app.js")).toBe('(()=>{"use strict";})();\n');
  expect(read("vendor.css")).toBe("a{color:red}\n");
  expect(read("inline.js")).toBe("x();\n");
  // Other comments (V8's compile hint) and files without a map stay as they were.
  expect(read("app-1a2b.js")).toBe("//# allFunctionsCalledOnLoad\nrun();\n");
  expect(read("admin/react.production.min.js")).toBe("!function(){}();\n");
});

test("a build without maps is left as it is", async () => {
  write("app-1a2b.js", "run();\n");
  write("sitemap-0.xml", "<urlset/>");
  expect(await removeSourceMaps(dir)).toEqual({ removed: [], stripped: [] });
  expect(read("app-1a2b.js")).toBe("run();\n");
});
