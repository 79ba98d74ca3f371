import { layOutDeferred } from "../deferredLayout";

/** A page: a hero, three sections (the first is laid out at once) and two cards, one deferred. */
function page() {
  document.documentElement.removeAttribute("data-laid-out");
  document.body.innerHTML = `
    <main>
      <div>hero</div>
      <section id="s1"><ul><li id="c1">first card</li><li id="c2" data-defer-layout>later card</li></ul></section>
      <section id="s2">second</section>
      <section id="s3">third</section>
    </main>`;
}
const laidOut = () =>
  ["s1", "c1", "c2", "s2", "s3"].filter(
    (id) => document.getElementById(id)!.style.contentVisibility === "visible",
  );

/** The viewport: a phone (480 px and narrower, where the stylesheet defers layout) or wider. */
function viewport(phone: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: phone && query === "(max-width: 480px)",
    media: query,
  }));
}

describe("layOutDeferred", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    viewport(true);
    page();
  });
  afterEach(() => jest.useRealTimers());

  it("lays out the later sections and the deferred cards one a frame, in page order, then marks the page", () => {
    layOutDeferred();
    expect(laidOut()).toEqual([]);
    jest.advanceTimersByTime(1); // idle (a timer in jsdom), then the first frame
    jest.advanceTimersToNextTimer();
    expect(laidOut()).toEqual(["c2"]);
    jest.advanceTimersToNextTimer();
    expect(laidOut()).toEqual(["c2", "s2"]);
    jest.advanceTimersToNextTimer();
    expect(laidOut()).toEqual(["c2", "s2", "s3"]);
    expect(document.documentElement.dataset.laidOut).toBeUndefined();
    jest.advanceTimersToNextTimer();
    expect(document.documentElement.dataset.laidOut).toBe("true");
  });

  it("on a wider screen, where nothing waits, marks the page at once and spends no frames", () => {
    viewport(false);
    layOutDeferred();
    expect(document.documentElement.dataset.laidOut).toBe("true");
    expect(jest.getTimerCount()).toBe(0);
    expect(laidOut()).toEqual([]);
  });

  it("does nothing once cancelled (a page left before it ran)", () => {
    const cancel = layOutDeferred();
    cancel();
    jest.runAllTimers();
    expect(laidOut()).toEqual([]);
    expect(document.documentElement.dataset.laidOut).toBeUndefined();
  });
});
