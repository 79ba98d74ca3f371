/**
 * The layer rule (eslint.layers.mjs) catches an import that climbs the layers, and lets the same
 * module be imported from a layer above it. ESLint lints each probe's source text as if it were
 * that file of the project. All the probes are linted by one ESLint in one child process (its flat
 * config is an ES module): a process each spent most of its time starting ESLint and reading the
 * modules the probes import, nine times over.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

type Probe = { filePath: string; source: string };

const PROBES = {
  componentImportsLayout: {
    filePath: "src/components/Probe/Probe.tsx",
    source: 'import { Layout } from "../../layout/Layout";\nexport const probe = Layout;\n',
  },
  buildImportsBrowserCode: {
    filePath: "gatsby/lib/probe.ts",
    source: 'import { trackPageView } from "../../src/lib/analytics";\nexport const probe = trackPageView;\n',
  },
  componentImportsTestHelper: {
    filePath: "src/components/Probe/Probe.tsx",
    source: 'import { routeTable } from "../../../test/harness/routes";\nexport const probe = routeTable;\n',
  },
  componentTestImportsTestHelper: {
    filePath: "src/components/Probe/__tests__/Probe.test.tsx",
    source:
      'import { routeTable } from "../../../../test/harness/routes";\nexport const probe = routeTable;\n',
  },
  layoutLooksDown: {
    filePath: "src/layout/Probe/Probe.tsx",
    source: [
      'import { useLayout } from "../../hooks/useLayout";',
      'import { pathFor } from "../../../shared/routes";',
      'import { theme } from "../../styles/theme";',
      "export const probe = [useLayout, pathFor, theme];",
      "",
    ].join("\n"),
  },
  cmsImportsViews: {
    filePath: "src/cms/preview/probe.tsx",
    source: 'import { Work } from "../../views/Work";\nexport const probe = Work;\n',
  },
  cmsImportsTemplates: {
    filePath: "src/cms/preview/probe.tsx",
    source: 'import Work from "../../templates/Work";\nexport const probe = Work;\n',
  },
  viewImportsCms: {
    filePath: "src/views/Probe/Probe.tsx",
    source: 'import { previewFor } from "../../cms/preview/templates";\nexport const probe = previewFor;\n',
  },
} satisfies Record<string, Probe>;

// Reads the probes as JSON on stdin, prints each one's messages as JSON.
const LINT_ALL = `
import { ESLint } from "eslint";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({
  overrideConfig: { rules: { "@typescript-eslint/no-unused-vars": "off" } },
});
const out = {};
for (const [name, { filePath, source }] of Object.entries(JSON.parse(input))) {
  const [result] = await eslint.lintText(source, { filePath });
  out[name] = result.messages;
}
process.stdout.write(JSON.stringify(out));
`;

let messages: Record<keyof typeof PROBES, { ruleId: string | null; message: string }[]>;

beforeAll(() => {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", LINT_ALL], {
    cwd: root,
    input: JSON.stringify(PROBES),
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`ESLint did not run: ${run.stderr}`);
  messages = JSON.parse(run.stdout);
});

/** The layer rule's messages for a probe. */
const layerErrors = (probe: keyof typeof PROBES): string[] =>
  messages[probe].filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);

test("a component importing the layout is an error that says why", () => {
  expect(layerErrors("componentImportsLayout")).toEqual([
    expect.stringContaining("components and hooks never import the layout"),
  ]);
});

test("the build importing browser code is an error", () => {
  expect(layerErrors("buildImportsBrowserCode")).toEqual([
    expect.stringContaining("the build reads shared/ and schemas/, never src/"),
  ]);
});

test("product code importing a test helper is an error, its own tests may", () => {
  expect(layerErrors("componentImportsTestHelper")).toHaveLength(1);
  expect(layerErrors("componentTestImportsTestHelper")).toEqual([]);
});

test("imports that look down the layers pass", () => {
  expect(layerErrors("layoutLooksDown")).toEqual([]);
});

test("the CMS bundle renders the views as the templates do; nothing below it imports the CMS", () => {
  expect(layerErrors("cmsImportsViews")).toEqual([]);
  expect(layerErrors("cmsImportsTemplates")).toEqual([expect.stringContaining("never the templates")]);
  expect(layerErrors("viewImportsCms")).toEqual([expect.stringContaining("views sit below")]);
});
