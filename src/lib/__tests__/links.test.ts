import { resolveLinks } from "../links";

const work = (slug: string, client: string, title: string) => ({ work: { slug, client, title } });

test("a case-study link is named by its client, and by its title only where the client has two in the list", () => {
  const links = resolveLinks([
    { page: { slug: "works", title: "Our work" } },
    work("humm", "Humm", "Humm: a payments app built for trust"),
    work("cp-plus", "CP Plus", "CP Plus: anomaly detection for video"),
    work("humm-smm", "Humm", "Humm: social media analytics and creative templates"),
  ]);
  expect(links.map(({ label, name, to }) => [label, name, to])).toEqual([
    ["Our work", undefined, "/works"],
    ["Humm", "Humm: a payments app built for trust", "/works/humm"],
    ["CP Plus", undefined, "/works/cp-plus"],
    ["Humm", "Humm: social media analytics and creative templates", "/works/humm-smm"],
  ]);
});
