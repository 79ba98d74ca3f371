import * as React from "react";
import { render } from "@testing-library/react";
import { countries, siteSettings } from "../../../../test/siteSettings";
import { useCountries } from "../../../hooks/useCountries";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { Seo } from "../Seo";

jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useCountries");

beforeEach(() => {
  jest.mocked(useSiteSettings).mockReturnValue(siteSettings);
  jest.mocked(useCountries).mockReturnValue(countries);
});

const meta = (c: HTMLElement, key: string) =>
  c.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");

const jsonLd = (c: HTMLElement) =>
  JSON.parse(c.querySelector('script[type="application/ld+json"]')!.innerHTML) as {
    "@graph": { "@type": string }[];
  };

test("title, description, canonical, Open Graph and Twitter tags from the page's content", () => {
  const { container: c } = render(
    <Seo
      title="UX Design"
      description="User research and usability testing."
      pathname="/services/ux-design/"
      image="/og/service/ux-design.png"
    />,
  );
  expect(c.querySelector("title")!.textContent).toBe("UX Design | Copperline Labs");
  expect(meta(c, "description")).toBe("User research and usability testing.");
  expect(c.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
    "https://www.example.com/services/ux-design",
  );
  expect(meta(c, "og:title")).toBe("UX Design | Copperline Labs");
  expect(meta(c, "og:description")).toBe("User research and usability testing.");
  expect(meta(c, "og:url")).toBe("https://www.example.com/services/ux-design");
  expect(meta(c, "og:site_name")).toBe("Copperline Labs");
  expect(meta(c, "og:type")).toBe("website");
  expect(meta(c, "og:image")).toBe("https://www.example.com/og/service/ux-design.png");
  expect(meta(c, "og:image:width")).toBe("1200");
  expect(meta(c, "og:image:height")).toBe("630");
  expect(meta(c, "og:image:alt")).toBeTruthy();
  expect(meta(c, "twitter:card")).toBe("summary_large_image");
  expect(meta(c, "twitter:title")).toBe("UX Design | Copperline Labs");
  expect(meta(c, "twitter:description")).toBe("User research and usability testing.");
  expect(meta(c, "twitter:image")).toBe("https://www.example.com/og/service/ux-design.png");
  expect(c.querySelector('meta[name="robots"]')).toBeNull();
});

test("the home page gets the name and tagline as title and the default social card", () => {
  const { container: c } = render(<Seo description="We build software." pathname="/" />);
  expect(c.querySelector("title")!.textContent).toBe("Copperline Labs | Software and AI development agency");
  expect(c.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe("https://www.example.com/");
  expect(meta(c, "og:image")).toBe("https://www.example.com/og/default.png");
});

test("every page carries the Organization and WebSite graph; BreadcrumbList below home", () => {
  const home = render(<Seo description="d" pathname="/" breadcrumbs={[{ path: "/", title: "Home" }]} />);
  expect(jsonLd(home.container)["@graph"].map((n) => n["@type"])).toEqual(["Organization", "WebSite"]);
  const about = render(
    <Seo
      title="About"
      description="d"
      pathname="/about"
      breadcrumbs={[
        { path: "/", title: "Home" },
        { path: "/about", title: "About us" },
      ]}
      structuredData={[{ "@type": "Service", name: "x" }]}
    />,
  );
  expect(jsonLd(about.container)["@graph"].map((n) => n["@type"])).toEqual([
    "Organization",
    "WebSite",
    "BreadcrumbList",
    "Service",
  ]);
});

test("JSON-LD from content cannot close its script element", () => {
  const { container: c } = render(
    <Seo
      title="x"
      description="d"
      pathname="/x"
      structuredData={[{ "@type": "Article", headline: "</script><script>alert(1)</script>" }]}
    />,
  );
  const script = c.querySelector('script[type="application/ld+json"]')!;
  expect(script.innerHTML).not.toContain("</script");
  expect(JSON.stringify(jsonLd(c))).toContain("</script><script>alert(1)</script>");
});

test("country pages and the home page list every hreflang alternate plus x-default; others none", () => {
  const alternates = (pathname: string) =>
    [
      ...render(<Seo description="d" pathname={pathname} />).container.querySelectorAll(
        'link[rel="alternate"][hreflang]',
      ),
    ].map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`);
  const expected = [
    "en-AE https://www.example.com/ae",
    "en-GB https://www.example.com/uk",
    "en-US https://www.example.com/en-us",
    "x-default https://www.example.com/",
  ];
  expect(alternates("/uk")).toEqual(expected);
  expect(alternates("/")).toEqual(expected);
  expect(alternates("/about")).toEqual([]);
});

test("og:locale follows the page's locale; noindex pages say so", () => {
  const { container: c } = render(
    <Seo title="UK" description="d" pathname="/new-home" locale="en-US" noindex />,
  );
  expect(meta(c, "og:locale")).toBe("en_US");
  expect(c.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
  expect(c.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(0);
  // No Markdown copy of a noindex page; the feeds are linked from every page.
  expect(c.querySelectorAll('link[type="text/markdown"]')).toHaveLength(0);
  expect(c.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')).toHaveLength(1);
});

test("every page links the case-study feeds; an indexable page links its Markdown copy", () => {
  const { container: c } = render(<Seo description="d" pathname="/services/nlp-solutions" />);
  const links = [...c.querySelectorAll('link[rel="alternate"]:not([hreflang])')].map(
    (l) => `${l.getAttribute("type")} ${l.getAttribute("href")}`,
  );
  expect(links).toEqual([
    "application/atom+xml https://www.example.com/feed.xml",
    "application/feed+json https://www.example.com/feed.json",
    "text/markdown https://www.example.com/services/nlp-solutions.md",
  ]);
});
