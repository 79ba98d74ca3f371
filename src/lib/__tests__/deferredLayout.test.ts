import { fireEvent } from "@testing-library/react";
import { layOutDeferred, layOutForAnchor } from "../deferredLayout";

/** A page: a hero, sections (the later ones wait on phones), a skip link and an anchor. */
function page() {
  document.documentElement.removeAttribute("data-laid-out");
  window.history.replaceState(null, "", "/");
  document.body.innerHTML = `
    <a href="#main" id="skip">Skip to content</a>
    <main id="main">
      <div>hero</div>
      <section id="s1"><a href="/works" id="card">a card</a></section>
      <section id="a">let's talk AI</section>
    </main>
    <footer><a href="/privacy" id="privacy">Privacy</a></footer>`;
}
const laidOut = () => document.documentElement.dataset.laidOut === "true";

/** The viewport: a phone (480 px and narrower, where the stylesheet defers layout) or wider. */
function viewport(phone: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: phone && query === "(max-width: 480px)",
    media: query,
  }));
}

describe("layOutDeferred", () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    viewport(true);
    page();
    Element.prototype.scrollIntoView = jest.fn();
  });
  afterEach(() => stop());

  it("on a phone, lays nothing out ahead of the visitor: not at load, not after idle time, not on a tap", () => {
    jest.useFakeTimers();
    stop = layOutDeferred();
    jest.advanceTimersByTime(10_000);
    // The tap's own navigation is the browser's; jsdom would only log that it cannot follow it.
    const card = document.getElementById("card")!;
    card.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(card);
    expect(laidOut()).toBe(false);
    jest.useRealTimers();
  });

  it("lays the whole page out at the first key, before the key moves anything", () => {
    stop = layOutDeferred();
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(laidOut()).toBe(true);
  });

  it("lays it out when focus arrives without a key (a screen reader, a script) and brings the focused element back into view", async () => {
    stop = layOutDeferred();
    const privacy = document.getElementById("privacy")!;
    jest.spyOn(privacy, "matches").mockImplementation((s: string) => s === ":focus-visible");
    privacy.focus();
    expect(laidOut()).toBe(true);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(privacy.scrollIntoView).toHaveBeenCalledWith({ block: "nearest" });
  });

  it("does not count the focus a tap gives a button or link (not :focus-visible)", () => {
    stop = layOutDeferred();
    const card = document.getElementById("card")!;
    jest.spyOn(card, "matches").mockReturnValue(false);
    card.focus();
    expect(laidOut()).toBe(false);
  });

  it("lays it out for an in-page link, a page opened at an anchor, and a client-side navigation to one", () => {
    stop = layOutDeferred();
    fireEvent.click(document.getElementById("skip")!);
    expect(laidOut()).toBe(true);

    page();
    window.history.replaceState(null, "", "/#a");
    stop = layOutDeferred();
    expect(laidOut()).toBe(true);

    page();
    stop = layOutDeferred();
    layOutForAnchor({ hash: "" });
    expect(laidOut()).toBe(false);
    window.history.replaceState(null, "", "/#a");
    layOutForAnchor({ hash: "#a" });
    expect(laidOut()).toBe(true);
  });

  it("on a wider screen, where nothing waits, marks the page at once", () => {
    viewport(false);
    stop = layOutDeferred();
    expect(laidOut()).toBe(true);
  });
});
