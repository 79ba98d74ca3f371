/** @jest-environment node */
/**
 * The CMS's policy at /admin/ as a production build sends it. The browser test
 * e2e/cms-security.test.ts loads every collection and the preview under it.
 */
import { adminPolicy } from "../csp";

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

test("no localhost and no plain-http source: decap-server is for `gatsby develop`, which sends no policy", () => {
  expect(adminPolicy()).not.toMatch(/localhost|127\.0\.0\.1|http:/);
  for (const [name, values] of directives(adminPolicy())) {
    for (const value of values) {
      expect(`${name} ${value}`).toMatch(/ ('[a-z-]+'|https:\/\/[a-z0-9.*-]+|data:|blob:)$/);
    }
  }
});

test("scripts only from the admin's own files (eval for Decap's config validation), nothing inline", () => {
  expect(directives(adminPolicy()).get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
});

test("no page may frame the admin, and it embeds no plugins, rebases no URL, posts no form elsewhere", () => {
  const d = directives(adminPolicy());
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  expect(d.get("base-uri")).toEqual(["'self'"]);
  expect(d.get("form-action")).toEqual(["'self'"]);
});
