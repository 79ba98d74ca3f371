/** @jest-environment node */
import path from "node:path";
import { loadContent } from "../content";

/** The privacy notice the consultation form links to is real text that matches the site's facts. */
const content = loadContent(path.resolve(__dirname, "../../../content"));
const privacy = content.pages.find((p) => p.slug === "privacy")!;
const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : value && typeof value === "object"
      ? Object.values(value).flatMap(strings)
      : [];
const text = strings(privacy).join("\n");

test("the privacy notice exists and names the contact details from site.yaml", () => {
  expect(privacy).toBeDefined();
  expect(text).toContain(content.site.email);
  expect(text).toContain(content.site.phone);
  expect(text).toContain(content.site.address.street);
});

test("it covers what the consultation form collects, the lawful basis, retention and rights", () => {
  for (const topic of [
    /UK GDPR/,
    /full name, work email/i,
    /phone number/i,
    /project details/i,
    /under the name "country"/,
    /session storage/i,
    /consent/i,
    /legitimate interests/i,
    /24 months/,
    /Information Commissioner/,
  ]) {
    expect(text).toMatch(topic);
  }
  expect(text).not.toMatch(/lorem|ipsum|TODO/i);
});
