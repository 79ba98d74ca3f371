/** @jest-environment node */
import { siteSettings } from "../../../../test/siteSettings";
import {
  article,
  breadcrumbList,
  graph,
  organization,
  serializeJsonLd,
  service,
  website,
} from "../structuredData";

describe("serializeJsonLd", () => {
  const hostile = {
    name: 'Acme </script><script>alert("x")</script>',
    comment: "<!-- not a comment --> & <b>bold</b>",
    separators: "line\u2028paragraph\u2029end",
  };

  test("no < > or & survives, so content cannot close the script element or open a comment", () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).not.toContain("</script");
    expect(json).toContain("\\u003c/script\\u003e");
  });

  test("the escaped text is the same JSON value", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });

  test("plain values are unchanged JSON", () => {
    expect(serializeJsonLd({ a: 1, b: "x" })).toBe('{"a":1,"b":"x"}');
  });
});

test("the Organization has a logo of at least 112 px, sameAs socials and a contactPoint with the phone", () => {
  const org = organization(siteSettings);
  expect(org["@type"]).toBe("Organization");
  expect(org["@id"]).toBe("https://www.example.com/#organization");
  const logo = org.logo as { url: string; width: number; height: number };
  expect(logo.url).toBe("https://www.example.com/logo.png");
  expect(Math.min(logo.width, logo.height)).toBeGreaterThanOrEqual(112);
  expect(org.sameAs).toEqual([
    siteSettings.socials.linkedin,
    siteSettings.socials.instagram,
    siteSettings.socials.community.url,
  ]);
  expect(org.contactPoint).toMatchObject({ "@type": "ContactPoint", telephone: "+442079460321" });
});

test("the WebSite points at the Organization by @id", () => {
  expect(website(siteSettings)).toMatchObject({
    "@type": "WebSite",
    "@id": "https://www.example.com/#website",
    publisher: { "@id": "https://www.example.com/#organization" },
  });
});

test("a BreadcrumbList numbers the trail with absolute URLs; none for the home page", () => {
  const list = breadcrumbList("https://www.example.com", [
    { path: "/", title: "Home" },
    { path: "/works", title: "Our work" },
    { path: "/works/humm", title: "Humm" },
  ])!;
  expect(list.itemListElement).toEqual([
    { "@type": "ListItem", position: 1, name: "Home", item: "https://www.example.com/" },
    { "@type": "ListItem", position: 2, name: "Our work", item: "https://www.example.com/works" },
    { "@type": "ListItem", position: 3, name: "Humm", item: "https://www.example.com/works/humm" },
  ]);
  expect(breadcrumbList("https://www.example.com", [{ path: "/", title: "Home" }])).toBeNull();
});

test("Service and Article reference the Organization; the Article is about the client", () => {
  const s = service("https://www.example.com", {
    name: "UX Design",
    description: "Research",
    path: "/services/ux-design",
    serviceType: "UX Design",
  });
  expect(s).toMatchObject({
    "@type": "Service",
    provider: { "@id": "https://www.example.com/#organization" },
  });
  const a = article("https://www.example.com", {
    headline: "A payments app",
    description: "How",
    path: "/works/humm",
    image: "https://www.example.com/og/work/humm.png",
    client: "Humm",
  });
  expect(a).toMatchObject({ "@type": "Article", about: { "@type": "Organization", name: "Humm" } });
  expect(graph([s, null, a])["@graph"]).toHaveLength(2);
});
