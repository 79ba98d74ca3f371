/** Four case studies with just the fields the portfolio queries. */
const industry = (slug: string, title: string, kind = "sector") => ({ slug, title, kind });
const service = (slug: string, title: string) => ({ slug, title });
const rn = service("react-native-development", "React Native Development");
const node = service("nodejs-development", "Node.js Development");
const ml = service("custom-ai-ml-model-development", "Custom AI/ML Models");

const work = (
  slug: string,
  client: string,
  title: string,
  ind: ReturnType<typeof industry>,
  services: { slug: string; title: string }[],
  platforms: string[],
): Queries.PortfolioWorkFragment => ({
  slug,
  client,
  title,
  outcome: `What changed for ${client} once it went live.`,
  industry: ind,
  services,
  platforms,
  cover: { alt: `${client} cover`, src: { childImageSharp: null } },
});

export const works = [
  work(
    "humm",
    "Humm",
    "Humm: a payments app built for trust",
    industry("finance", "Finance"),
    [rn, node],
    ["ios", "android"],
  ),
  work(
    "intain",
    "Intain",
    "Intain document extraction for structured finance",
    industry("ai-in-finance", "AI in Finance", "ai"),
    [ml],
    ["web", "ai-ml"],
  ),
  work(
    "theranautilis",
    "Theranautilis",
    "Theranautilis: practice software for clinics",
    industry("health-care", "Health Care"),
    [node],
    ["web"],
  ),
  work(
    "ambutap",
    "Ambutap",
    "Ambutap ambulance booking and dispatch",
    industry("health-care", "Health Care"),
    [ml, rn],
    ["android", "ios", "web"],
  ),
];
