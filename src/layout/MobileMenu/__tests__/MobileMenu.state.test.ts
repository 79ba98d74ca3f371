/** @jest-environment node */
import { initialMobileMenu, mobileMenuReducer, type MobileMenuEvent } from "../MobileMenu.state";

describe("mobile drill-down", () => {
  const run = (...events: MobileMenuEvent[]) => events.reduce(mobileMenuReducer, initialMobileMenu);

  test("opening shows the top level", () => {
    expect(run({ type: "open" })).toEqual({ open: true, stack: [] });
  });

  test("drilling pushes levels; Home returns to the top; back pops one", () => {
    const deep = run(
      { type: "open" },
      { type: "drill", key: "services" },
      { type: "drill", key: "AI Development" },
    );
    expect(deep.stack).toEqual(["services", "AI Development"]);
    expect(mobileMenuReducer(deep, { type: "back" }).stack).toEqual(["services"]);
    expect(mobileMenuReducer(deep, { type: "home" })).toEqual({ open: true, stack: [] });
  });

  test("closing resets, and reopening starts at the top", () => {
    const closed = run({ type: "open" }, { type: "drill", key: "industries" }, { type: "close" });
    expect(closed).toEqual({ open: false, stack: [] });
    expect(mobileMenuReducer(closed, { type: "drill", key: "services" }).stack).toEqual([]);
    expect(mobileMenuReducer(closed, { type: "open" }).stack).toEqual([]);
  });
});
