/** @jest-environment node */
import path from "node:path";
import { loadContent } from "../content";
import {
  DEFAULT_SOCIAL_IMAGE,
  socialImageJobs,
  socialImageSvg,
  wrapTitle,
} from "../../../shared/socialImages";

const content = loadContent(path.resolve(__dirname, "../../../content"));

test("one card per service, industry and case study, plus the default", () => {
  const jobs = socialImageJobs(content);
  expect(jobs).toHaveLength(1 + content.services.length + content.industries.length + content.works.length);
  expect(jobs[0].path).toBe(DEFAULT_SOCIAL_IMAGE);
  expect(jobs.map((j) => j.path)).toContain("/og/service/ux-design.png");
  expect(jobs.map((j) => j.path)).toContain("/og/industry/ai-in-finance.png");
  expect(jobs.map((j) => j.path)).toContain("/og/work/humm.png");
  expect(new Set(jobs.map((j) => j.path)).size).toBe(jobs.length);
});

test("the card is 1200x630 with the title escaped and the brand colours", () => {
  const svg = socialImageSvg({ eyebrow: "Service", title: "R&D <fast>", siteName: "A & B", footer: "x.com" });
  expect(svg).toContain('width="1200" height="630"');
  expect(svg).toContain("R&amp;D &lt;fast&gt;");
  expect(svg).toContain("A &amp; B");
  expect(svg).toContain("#0e1a2b");
  expect(svg).toContain("#e07a45");
  expect(svg).toContain('font-family="DejaVu Sans"');
});

test("titles wrap by words into at most three lines", () => {
  expect(wrapTitle("AI analytics and business intelligence", 20)).toEqual([
    "AI analytics and",
    "business",
    "intelligence",
  ]);
  const long = wrapTitle("one two three four five six seven eight nine ten", 9);
  expect(long).toHaveLength(3);
  expect(long[2].endsWith("…")).toBe(true);
});
