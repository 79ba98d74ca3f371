import { holdNavigationUntilHydrated, releaseNavigation, resetNavigationHold } from "../hydration";

function setUp() {
  resetNavigationHold();
  const calls: unknown[][] = [];
  const win = { ___navigate: (...args: unknown[]) => void calls.push(args) };
  holdNavigationUntilHydrated(win);
  return { win, calls };
}

describe("navigation before the first render has finished", () => {
  it("waits, then goes to the page asked for last", () => {
    const { win, calls } = setUp();
    win.___navigate("/about");
    win.___navigate("/works", { replace: false });
    expect(calls).toEqual([]);
    releaseNavigation();
    expect(calls).toEqual([["/works", { replace: false }]]);
  });

  it("goes straight through once the page is live", () => {
    const { win, calls } = setUp();
    releaseNavigation();
    expect(calls).toEqual([]);
    win.___navigate("/contact");
    expect(calls).toEqual([["/contact"]]);
  });
});
