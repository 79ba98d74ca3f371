/** @jest-environment node */
/**
 * Links and addresses in content cannot lead off the site or run code: `npm run check:content`
 * (the build's own validation, in a child process as an operator runs it) rejects each bad value
 * with the file, the field and what to write instead. Every content copy is temporary.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { makeContent, type Fixture } from "../../test/contentFixture";

const root = path.resolve(__dirname, "../..");

function checkContent(dir: string) {
  const { CONTENT_DIR: _ignored, ...inherited } = process.env;
  const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/check-content.ts"], {
    cwd: root,
    env: { ...inherited, CONTENT_DIR: dir },
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The problem line for `file › field`, or undefined when the field passed. */
const lineFor = (stderr: string, file: string, field: string): string | undefined =>
  stderr.split("\n").find((line) => line.includes(`${file} › ${field}: `));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The field is reported, in its file, with a fix containing `fix`. */
function expectProblem(stderr: string, file: string, field: string, fix: RegExp | string) {
  const line = lineFor(stderr, file, field);
  expect(line).toBeDefined();
  expect(line).toMatch(typeof fix === "string" ? new RegExp(escape(fix)) : fix);
}

test("the issue's values in a copy of the real content: off-site links and a javascript: site address fail", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-links-"));
  try {
    fs.cpSync(path.join(root, "content"), dir, { recursive: true });
    const edit = (file: string, change: (data: Record<string, unknown>) => void) => {
      const data = parse(fs.readFileSync(path.join(dir, file), "utf8"));
      change(data);
      fs.writeFileSync(path.join(dir, file), stringify(data));
    };
    let navIndex = 0;
    edit("navigation.yaml", (nav) => {
      const top = nav.top as unknown[];
      navIndex = top.length;
      top.push(
        { label: "Partners", href: "//evil.example/x" },
        { label: "Offers", href: "/\\evil.example/x" },
      );
    });
    let footerColumn = 0;
    edit("footer.yaml", (footer) => {
      const columns = footer.columns as unknown[];
      footerColumn = columns.length;
      columns.push({
        title: "Elsewhere",
        links: [
          { label: "Partners", href: "//evil.example/x" },
          { label: "Offers", href: "/\\evil.example/x" },
        ],
      });
    });
    edit("site.yaml", (site) => {
      site.siteUrl = "javascript:alert(1)";
    });

    const run = checkContent(dir);
    expect(run.status).toBe(1);
    expectProblem(run.stderr, "navigation.yaml", `top[${navIndex}].href`, "starts with a single /");
    expectProblem(run.stderr, "navigation.yaml", `top[${navIndex + 1}].href`, "write / instead of \\");
    expectProblem(
      run.stderr,
      "footer.yaml",
      `columns[${footerColumn}].links[0].href`,
      "starts with a single /",
    );
    expectProblem(
      run.stderr,
      "footer.yaml",
      `columns[${footerColumn}].links[1].href`,
      "write / instead of \\",
    );
    expectProblem(run.stderr, "site.yaml", "siteUrl", "write the site's https:// address");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe("in a content fixture", () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = makeContent();
  });
  afterEach(() => fx.cleanup());

  /** Each bad link, and the words of the fix its problem line must give. */
  const BAD_HREFS: [string, RegExp | string][] = [
    ["//evil.example/x", "starts with a single / and a link to another site with https://"],
    ["/\\evil.example/x", "write / instead of \\"],
    ["\\\\evil.example/x", "write / instead of \\"],
    ["https:/\\evil.example/x", "write / instead of \\"],
    ["/%2F%2Fevil.example", "not encoded as %2F or %5C"],
    ["/%5cevil.example", "not encoded as %2F or %5C"],
    ["/services//ui-design", "single slashes"],
    ["javascript:alert(1)", "a full https:// address"],
    ["JavaScript:alert(1)", "a full https:// address"],
    ["data:text/html,<script>alert(1)</script>", "a full https:// address"],
    ["mailto:hello@example.com", "a full https:// address"],
    ["http://www.example.com/page", "write https:// instead of http://"],
    ["https:evil.example", "write the full address: https://"],
    ["https://www.example.com@evil.example/", "write the full address: https://"],
    ["about", "starting with /"],
    ["/ab\tout", "spaces and invisible characters"],
    ["/about\u0000", "spaces and invisible characters"],
    ["/\u202eelpmaxe", "spaces and invisible characters"],
    [" /about", "spaces and invisible characters"],
  ];
  const GOOD_HREFS = ["/about", "/#a", "#faq", "/sitemap-0.xml", "https://www.example.com/page?x=1#top"];

  test("every bad link in the navbar and the footer is reported with its fix; good ones pass", () => {
    const nav = fx.read("navigation.yaml");
    const top = nav.top as unknown[];
    const first = top.length;
    const hrefs = [...BAD_HREFS.map(([href]) => href), ...GOOD_HREFS];
    fx.write("navigation.yaml", {
      ...nav,
      top: [...top, ...hrefs.map((href) => ({ label: "A link", href }))],
    });
    const footer = fx.read("footer.yaml");
    const columns = footer.columns as unknown[];
    fx.write("footer.yaml", {
      ...footer,
      columns: [...columns, { title: "Links", links: hrefs.map((href) => ({ label: "A link", href })) }],
    });

    const run = checkContent(fx.dir);
    expect(run.status).toBe(1);
    BAD_HREFS.forEach(([href, fix], i) => {
      try {
        expectProblem(run.stderr, "navigation.yaml", `top[${first + i}].href`, fix);
        expectProblem(run.stderr, "footer.yaml", `columns[${columns.length}].links[${i}].href`, fix);
      } catch (error) {
        throw new Error(`${JSON.stringify(href)}: ${String(error)}\n${run.stderr}`);
      }
    });
    GOOD_HREFS.forEach((href, j) => {
      const i = BAD_HREFS.length + j;
      expect({ href, problem: lineFor(run.stderr, "navigation.yaml", `top[${first + i}].href`) }).toEqual({
        href,
        problem: undefined,
      });
      expect({
        href,
        problem: lineFor(run.stderr, "footer.yaml", `columns[${columns.length}].links[${i}].href`),
      }).toEqual({ href, problem: undefined });
    });
  });

  /** Writes site.yaml with `fields` changed and returns check:content's report. */
  function checkSite(fields: Record<string, unknown>) {
    const site = fx.read("site.yaml");
    fx.write("site.yaml", { ...site, ...fields });
    return checkContent(fx.dir);
  }

  test("site addresses that are not https: are reported with their fix", () => {
    const run = checkSite({
      siteUrl: "http://www.example.com",
      countryLookupUrl: "javascript:alert(1)",
      socials: {
        linkedin: "http://www.linkedin.com/company/test",
        instagram: "//www.instagram.com/test",
        community: { name: "GitHub", url: "https:/\\evil.example" },
      },
    });
    expect(run.status).toBe(1);
    expectProblem(run.stderr, "site.yaml", "siteUrl", "write https:// instead of http://");
    expectProblem(run.stderr, "site.yaml", "countryLookupUrl", "must be an https:// address");
    expectProblem(run.stderr, "site.yaml", "socials.linkedin", "write https:// instead of http://");
    expectProblem(run.stderr, "site.yaml", "socials.instagram", "write a full https:// address");
    expectProblem(run.stderr, "site.yaml", "socials.community.url", "write / instead of \\");
  });

  test("a site address with a path, plain-http lookups off this machine and disguised profiles are reported", () => {
    const run = checkSite({
      siteUrl: "https://www.example.com/",
      countryLookupUrl: "http://lookup.example/country",
      socials: {
        linkedin: "https://www.linkedin.com@evil.example/",
        instagram: "data:text/html,<script>alert(1)</script>",
        community: { name: "GitHub", url: "https://github.com/test\u200b" },
      },
    });
    expect(run.status).toBe(1);
    expectProblem(run.stderr, "site.yaml", "siteUrl", "leave off the trailing slash");
    expectProblem(run.stderr, "site.yaml", "countryLookupUrl", "http:// only on localhost or 127.0.0.1");
    expectProblem(run.stderr, "site.yaml", "socials.linkedin", "write a full https:// address");
    expectProblem(run.stderr, "site.yaml", "socials.instagram", "write a full https:// address");
    expectProblem(run.stderr, "site.yaml", "socials.community.url", "spaces and invisible characters");
  });

  test("the site's address has no path; the lookup may be plain http on this machine (a local stub)", () => {
    const run = checkSite({
      siteUrl: "https://www.example.com/en",
      countryLookupUrl: "http://127.0.0.1:8787/lookup?format=json",
    });
    expect(run.status).toBe(1);
    expectProblem(run.stderr, "site.yaml", "siteUrl", "without a path");
    expect(lineFor(run.stderr, "site.yaml", "countryLookupUrl")).toBeUndefined();
    expect(run.stderr).toContain("The content has 1 problem:");
  });
});
