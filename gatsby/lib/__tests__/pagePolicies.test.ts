/** @jest-environment node */
import fs from "node:fs";
import { scratchDir } from "../../../test/scratchDir";
import path from "node:path";
import { inlineScriptHashes, withScriptHashes } from "../csp";
import { pageAddresses, pagePolicies } from "../pagePolicies";

const POLICY = "default-src 'self'; script-src 'self'; object-src 'none'";

function publicDir(files: Record<string, string>): string {
  const dir = scratchDir("page-policies");
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test("a document's addresses: the page's and the file's", () => {
  expect(pageAddresses("about.html")).toEqual(["/about", "/about.html"]);
  expect(pageAddresses("index.html")).toEqual(["/", "/index.html"]);
  expect(pageAddresses(path.join("services", "nlp.html"))).toEqual(["/services/nlp", "/services/nlp.html"]);
  expect(pageAddresses(path.join("works", "index.html"))).toEqual(["/works", "/works/index.html"]);
});

test("/* gets the 404 page's hashes; each document one rule at each address, with its policy only; folders with a policy keep theirs", () => {
  const about = "<script>window.pagePath='/about'</script>";
  const notFound = "<script>x()</script>";
  const dir = publicDir({
    "about.html": about,
    "404.html": notFound,
    "app.js": "",
    "admin/index.html": "<script>cms()</script>",
  });
  const text = [
    "/*",
    `  content-security-policy: ${POLICY}`,
    "  x-content-type-options: nosniff",
    "/admin/*",
    "  content-security-policy: default-src 'self'",
    "",
  ].join("\n");
  const policy = (html: string) => withScriptHashes(POLICY, inlineScriptHashes(html));
  expect(pagePolicies(text, dir)).toBe(
    [
      "/*",
      `  content-security-policy: ${policy(notFound)}`,
      "  x-content-type-options: nosniff",
      "/admin/*",
      "  content-security-policy: default-src 'self'",
      "# gatsby/lib/pagePolicies.ts: each page's policy, at its address and as its file",
      "/404",
      `  content-security-policy: ${policy(notFound)}`,
      "/404.html",
      `  content-security-policy: ${policy(notFound)}`,
      "/about",
      `  content-security-policy: ${policy(about)}`,
      "/about.html",
      `  content-security-policy: ${policy(about)}`,
      "",
    ].join("\n"),
  );
});

test("a page with an inline event handler stops the build, naming the file and the element", () => {
  const dir = publicDir({ "contact.html": '<button onclick="send()">Send</button>' });
  expect(() => pagePolicies(`/*\n  content-security-policy: ${POLICY}\n`, dir)).toThrow(
    /contact\.html: .*<button onclick="send\(\)">: an inline event handler.*React's onClick/,
  );
});
