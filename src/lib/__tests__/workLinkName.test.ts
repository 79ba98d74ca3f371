/** @jest-environment node */
import { resolveLink } from "../links";
import { workLinkName } from "../workLinkName";

test("the name is the client, then what the case study is about", () => {
  expect(workLinkName({ client: "Gully", title: "Gully street cricket scoring app" })).toBe(
    "Gully street cricket scoring app",
  );
  expect(workLinkName({ client: "Isaac", title: "Video lessons for Android" })).toBe(
    "Isaac: Video lessons for Android",
  );
  // A title that starts with a longer word is not taken for the client's name.
  expect(workLinkName({ client: "Hum", title: "Humm: a payments app" })).toBe("Hum: a payments app");
});

test("two case studies of one client get different names, each starting with the client", () => {
  // The pairs in content/works that share a client.
  const pairs = [
    ["Humm", "Humm: a payments app built for trust", "Humm: social media analytics and creative templates"],
    ["Servii", "Servii: booking home services on demand", "Servii PWA: an AI assistant for booking support"],
    [
      "The Wallrus Company",
      "The Wallrus Company: an online wallpaper store",
      "Wallrus: an AI assistant that helps choose wallpaper",
    ],
  ];
  for (const [client, a, b] of pairs) {
    const names = [workLinkName({ client, title: a }), workLinkName({ client, title: b })];
    expect(names[0]).not.toBe(names[1]);
    for (const name of names) expect(name.startsWith(client)).toBe(true);
  }
  expect(
    workLinkName({
      client: "The Wallrus Company",
      title: "Wallrus: an AI assistant that helps choose wallpaper",
    }),
  ).toBe("The Wallrus Company: an AI assistant that helps choose wallpaper");
});

test("a footer link to a case study shows the client and is named after the study", () => {
  expect(
    resolveLink({ work: { slug: "humm-smm", client: "Humm", title: "Humm: social media analytics" } }),
  ).toEqual({ label: "Humm", name: "Humm: social media analytics", to: "/works/humm-smm", external: false });
});
