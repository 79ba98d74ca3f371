/**
 * Writes synthetic entries into a copy of content/ for the growth benchmark: `works` case studies
 * and `extra` services and industries (half each), all valid, all listed in the menus. The
 * synthetic case studies reuse existing images so image processing stays comparable.
 */
import fs from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";

const header = (type: string) => `# yaml-language-server: $schema=../../schemas/json/${type}.schema.json\n`;

const sentence = (topic: string, n: number) =>
  `${topic} number ${n} is a synthetic entry written by the growth benchmark to measure how the build scales with content.`;

const items = (topic: string, n: number) =>
  [1, 2, 3].map((i) => ({ title: `${topic} ${i}`, description: sentence(`${topic} ${i} of entry`, n) }));

export function generateContent(contentDir: string, works: number, extra: number): void {
  const read = (dir: string) =>
    fs
      .readdirSync(path.join(contentDir, dir))
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => f.replace(/\.yaml$/, ""));
  const services = read("services");
  const industries = read("industries");
  const images = read("works").map((slug) => slug);

  const newServices: string[] = [];
  const newIndustries: string[] = [];
  for (let i = 1; i <= extra / 2; i++) {
    const slug = `synthetic-service-${i}`;
    newServices.push(slug);
    fs.writeFileSync(
      path.join(contentDir, "services", `${slug}.yaml`),
      header("service") +
        stringify({
          slug,
          title: `Synthetic service ${i}`,
          description: sentence("This synthetic service", i).slice(0, 160),
          headline: `Synthetic service ${i} for growth testing`,
          summary: sentence("The summary of synthetic service", i),
          deliverables: items("Deliverable", i),
          process: items("Step", i),
          technologies: ["TypeScript", "React", "Node.js"],
          faqs: [1, 2, 3].map((q) => ({
            question: `Synthetic question ${q}?`,
            answer: sentence("The answer", q),
          })),
        }),
    );
    const industry = `synthetic-industry-${i}`;
    newIndustries.push(industry);
    fs.writeFileSync(
      path.join(contentDir, "industries", `${industry}.yaml`),
      header("industry") +
        stringify({
          slug: industry,
          kind: "sector",
          title: `Synthetic industry ${i}`,
          description: sentence("This synthetic industry", i).slice(0, 160),
          headline: `Synthetic industry ${i} for growth testing`,
          summary: sentence("The summary of synthetic industry", i),
          challenges: items("Challenge", i),
          solutions: items("Solution", i),
          useCases: items("Use case", i),
          services: [services[i % services.length], slug],
        }),
    );
  }

  const allServices = [...services, ...newServices];
  const allIndustries = [...industries, ...newIndustries];
  for (let i = 1; i <= works; i++) {
    const slug = `synthetic-work-${i}`;
    const image = images[i % images.length];
    fs.writeFileSync(
      path.join(contentDir, "works", `${slug}.yaml`),
      header("work") +
        stringify({
          slug,
          client: `Synthetic Client ${i}`,
          title: `Synthetic case study ${i}`,
          description: sentence("This synthetic case study", i).slice(0, 160),
          headline: `A synthetic product number ${i}`,
          outcome: `A measured outcome for synthetic client ${i}`,
          industry: allIndustries[i % allIndustries.length],
          services: [allServices[i % allServices.length], allServices[(i * 7) % allServices.length]].filter(
            (s, k, a) => a.indexOf(s) === k,
          ),
          platforms: [["web", "ios", "android", "pwa", "ai-ml"][i % 5]],
          stack: ["React", "Node.js", "PostgreSQL"],
          region: "United Kingdom",
          year: 2015 + (i % 11),
          challenge: sentence("The challenge", i).repeat(2),
          solution: sentence("The solution", i).repeat(2),
          features: items("Feature", i),
          outcomes: [sentence("Outcome one", i), sentence("Outcome two", i)],
          cover: { src: `works/${image}-cover.jpg`, alt: "Synthetic cover artwork" },
          gallery: [
            { src: `works/${image}-1.jpg`, alt: "Synthetic dashboard screen" },
            { src: `works/${image}-2.jpg`, alt: "Synthetic phone screens" },
          ],
        }),
    );
  }

  // Every service and industry must be in the menus (the build checks it).
  const navFile = path.join(contentDir, "navigation.yaml");
  const nav = parse(fs.readFileSync(navFile, "utf8"));
  nav.services.columns[3].groups[1].items.push(...newServices);
  nav.industries.sector.items.push(...newIndustries);
  fs.writeFileSync(navFile, header("navigation").replace("../../", "../") + stringify(nav));
}
