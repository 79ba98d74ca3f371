/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inlineScriptHashes, withScriptHashes } from "../csp";
import { hashPagePolicies, servedFile } from "../pagePolicies";

const POLICY = "default-src 'self'; script-src 'self'; object-src 'none'";

function publicDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-policies-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test("a rule's path is answered with the file of that name, else <path>.html, else <path>/index.html; /* with the 404 page", () => {
  const dir = publicDir({ "about.html": "", "admin/index.html": "", "404.html": "", "robots.txt": "" });
  expect(servedFile(dir, "/about")).toBe(path.join(dir, "about.html"));
  expect(servedFile(dir, "/admin/")).toBe(path.join(dir, "admin/index.html"));
  expect(servedFile(dir, "/robots.txt")).toBe(path.join(dir, "robots.txt"));
  expect(servedFile(dir, "/*")).toBe(path.join(dir, "404.html"));
  expect(servedFile(dir, "/static/*")).toBeUndefined();
  expect(servedFile(dir, "/gone")).toBeUndefined();
});

test("only policies of rules answered by HTML get hashes; each page also gets a rule at its file address", () => {
  const about = "<script>window.pagePath='/about'</script>";
  const dir = publicDir({ "about.html": about, "404.html": "<script>x()</script>", "app.js": "" });
  const text = [
    "/*",
    `  content-security-policy: ${POLICY}`,
    "/about",
    "  cache-control: no-cache",
    `  content-security-policy: ${POLICY}`,
    "/app.js",
    `  content-security-policy: ${POLICY}`,
    "",
  ].join("\n");
  const out = hashPagePolicies(text, dir);
  const about404 = withScriptHashes(POLICY, inlineScriptHashes("<script>x()</script>"));
  const aboutPolicy = withScriptHashes(POLICY, inlineScriptHashes(about));
  expect(out).toBe(
    [
      "/*",
      `  content-security-policy: ${about404}`,
      "/about",
      "  cache-control: no-cache",
      `  content-security-policy: ${aboutPolicy}`,
      "/app.js",
      `  content-security-policy: ${POLICY}`,
      "# gatsby/lib/pagePolicies.ts: the pages at their file addresses",
      "/about.html",
      "  cache-control: no-cache",
      `  content-security-policy: ${aboutPolicy}`,
      "",
    ].join("\n"),
  );
});

test("a page with an inline event handler stops the build, naming the file and the element", () => {
  const dir = publicDir({ "contact.html": '<button onclick="send()">Send</button>' });
  expect(() => hashPagePolicies(`/contact\n  content-security-policy: ${POLICY}\n`, dir)).toThrow(
    /contact\.html: .*<button onclick="send\(\)">: an inline event handler.*React's onClick/,
  );
});
