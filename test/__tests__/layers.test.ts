/**
 * The layer rule (eslint.layers.mjs) catches an import that climbs the layers, and lets the same
 * module be imported from a layer above it. ESLint runs as a child process (its flat config is
 * an ES module) on source text given as if it were a file of the project.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

function lint(filePath: string, source: string): string[] {
  const run = spawnSync(
    path.join(root, "node_modules/.bin/eslint"),
    [
      "--stdin",
      "--stdin-filename",
      filePath,
      "--format",
      "json",
      "--rule",
      "@typescript-eslint/no-unused-vars: off",
    ],
    { cwd: root, input: source, encoding: "utf8" },
  );
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

test("a component importing the layout is an error that says why", () => {
  const messages = lint(
    "src/components/Probe/Probe.tsx",
    'import { Layout } from "../../layout/Layout";\nexport const probe = Layout;\n',
  );
  expect(messages).toEqual([expect.stringContaining("components and hooks never import the layout")]);
});

test("the build importing browser code is an error", () => {
  const messages = lint(
    "gatsby/lib/probe.ts",
    'import { trackPageView } from "../../src/lib/analytics";\nexport const probe = trackPageView;\n',
  );
  expect(messages).toEqual([expect.stringContaining("the build reads shared/ and schemas/, never src/")]);
});

test("product code importing a test helper is an error, its own tests may", () => {
  const source =
    'import { routeTable } from "../../../test/harness/routes";\nexport const probe = routeTable;\n';
  expect(lint("src/components/Probe/Probe.tsx", source)).toHaveLength(1);
  expect(
    lint("src/components/Probe/__tests__/Probe.test.tsx", source.replace("../../../", "../../../../")),
  ).toEqual([]);
});

test("imports that look down the layers pass", () => {
  const source = [
    'import { useLayout } from "../../hooks/useLayout";',
    'import { pathFor } from "../../../shared/routes";',
    'import { theme } from "../../styles/theme";',
    "export const probe = [useLayout, pathFor, theme];",
  ].join("\n");
  expect(lint("src/layout/Probe/Probe.tsx", `${source}\n`)).toEqual([]);
});

test("the CMS bundle renders the views as the templates do; nothing below it imports the CMS", () => {
  const views = 'import { Work } from "../../views/Work";\nexport const probe = Work;\n';
  expect(lint("src/cms/preview/probe.tsx", views)).toEqual([]);
  const templates = 'import Work from "../../templates/Work";\nexport const probe = Work;\n';
  expect(lint("src/cms/preview/probe.tsx", templates)).toEqual([
    expect.stringContaining("never the templates"),
  ]);
  const cms = 'import { previewFor } from "../../cms/preview/templates";\nexport const probe = previewFor;\n';
  expect(lint("src/views/Probe/Probe.tsx", cms)).toEqual([expect.stringContaining("views sit below")]);
});
