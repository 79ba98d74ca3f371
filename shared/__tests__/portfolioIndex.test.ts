/** @jest-environment node */
import { decodePortfolioIndex, encodePortfolioIndex } from "../portfolioIndex";
import { works } from "../../test/portfolioWorks";

test("the compact index gives back every case study's filter facts, in order", () => {
  const index = encodePortfolioIndex(works);
  expect(decodePortfolioIndex(index)).toEqual(
    works.map(({ slug, industry, services, platforms }) => ({ slug, industry, services, platforms })),
  );
  // Each industry and service is written once, however many case studies name it.
  expect(index.industries.map((i) => i.slug)).toEqual(["finance", "ai-in-finance", "health-care"]);
  expect(index.services).toHaveLength(3);
});

test("it is far smaller than the cards it stands for", () => {
  const many = Array.from({ length: 1000 }, (_, i) => ({
    ...works[i % works.length],
    slug: `case-study-${i}`,
  }));
  const size = JSON.stringify(encodePortfolioIndex(many)).length;
  expect(size / many.length).toBeLessThan(60);
});
