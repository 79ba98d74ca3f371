import * as React from "react";
import { screen, waitFor, within } from "@testing-library/react";
import { renderWithTheme } from "../../../../test/render";
import { LinkCardGrid, WorkCardGrid } from "..";

const work = (slug: string, client: string, title: string): Queries.WorkCardFragment => ({
  slug,
  client,
  title,
  outcome: `What changed for ${client}.`,
  industry: { slug: "finance", title: "Finance" },
  services: [],
  cover: { alt: `${client} cover`, src: { childImageSharp: null } },
});

test("two case studies of one client: cards that show the client, links that name the study", () => {
  renderWithTheme(
    <WorkCardGrid
      works={[
        work("humm", "Humm", "Humm: a payments app built for trust"),
        work("humm-smm", "Humm", "Humm: social media analytics and creative templates"),
        work("gully", "Gully", "Gully street cricket scoring app"),
      ]}
    />,
  );
  const links = screen.getAllByRole("link");
  expect(links.map((l) => [l.getAttribute("href"), l.textContent])).toEqual([
    ["/works/humm", "Humm"],
    ["/works/humm-smm", "Humm"],
    ["/works/gully", "Gully"],
  ]);
  // What a screen reader's list of links shows: one name per page.
  expect(screen.getByRole("link", { name: "Humm: a payments app built for trust" })).toHaveAttribute(
    "href",
    "/works/humm",
  );
  expect(
    screen.getByRole("link", { name: "Humm: social media analytics and creative templates" }),
  ).toHaveAttribute("href", "/works/humm-smm");
  expect(new Set(links.map((l) => l.getAttribute("aria-label"))).size).toBe(3);
  // The card's heading carries the same name.
  const card = links[1].closest("li")!;
  expect(within(card).getByRole("heading", { level: 3 })).toHaveAccessibleName(
    "Humm: social media analytics and creative templates",
  );
});

test("a case study's card shows its outcome line when the editor wrote one, and none otherwise", () => {
  renderWithTheme(
    <WorkCardGrid
      works={[
        work("humm", "Humm", "Humm payments"),
        { ...work("gully", "Gully", "Gully scoring"), outcome: null },
      ]}
    />,
  );
  const [humm, gully] = screen.getAllByRole("listitem").filter((li) => within(li).queryByRole("heading"));
  expect(within(humm).getByText("What changed for Humm.")).toBeInTheDocument();
  expect(within(gully).queryByText(/What changed/)).toBeNull();
  expect(gully.querySelectorAll("p")).toHaveLength(1); // the industry line only
});

test("a grid told which cards to show hides the others from everyone, and itself when it shows none", () => {
  const items = [
    { to: "/works/humm", title: "Humm" },
    { to: "/works/gully", title: "Gully" },
    { to: "/works/poshn", title: "Poshn" },
  ];
  const { rerender } = renderWithTheme(<LinkCardGrid items={items} shown={new Set(["/works/gully"])} />);
  expect(screen.getAllByRole("link").map((l) => l.textContent)).toEqual(["Gully"]);
  expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(1);

  rerender(<LinkCardGrid items={items} shown={new Set()} />);
  expect(screen.queryByRole("list")).not.toBeInTheDocument();
  expect(screen.queryByRole("link")).not.toBeInTheDocument();

  rerender(<LinkCardGrid items={items} />);
  expect(screen.getAllByRole("link").map((l) => l.textContent)).toEqual(["Humm", "Gully", "Poshn"]);
});

test("going back to many cards shows a screenful at once and the rest once that frame is painted", async () => {
  const items = Array.from({ length: 10 }, (_, i) => ({
    to: `/works/study-${i + 1}`,
    title: `Study ${i + 1}`,
  }));
  const titles = () => screen.getAllByRole("link").map((l) => l.textContent);
  const { rerender } = renderWithTheme(<LinkCardGrid items={items} shown={new Set(["/works/study-9"])} />);
  expect(titles()).toEqual(["Study 9"]);

  // Back to every card: the first six answer the key press; the other four follow a frame later.
  rerender(<LinkCardGrid items={items} />);
  expect(titles()).toEqual(["Study 1", "Study 2", "Study 3", "Study 4", "Study 5", "Study 6"]);
  await waitFor(() => expect(titles()).toHaveLength(10));
  expect(titles()).toEqual(items.map((item) => item.title));

  // A change to few cards shows them all in the same frame.
  rerender(<LinkCardGrid items={items} shown={new Set(["/works/study-2", "/works/study-10"])} />);
  expect(titles()).toEqual(["Study 2", "Study 10"]);
});
