/** @jest-environment node */
import { initialMegaMenu, megaMenuReducer, type MegaMenuEvent } from "../Navbar.megaMenuState";

describe("mega menu", () => {
  const run = (...events: MegaMenuEvent[]) => events.reduce(megaMenuReducer, initialMegaMenu).open;

  test("nothing open by default; hover opens Services or Industries", () => {
    expect(run()).toBeNull();
    expect(run({ type: "hover", menu: "services" })).toBe("services");
    expect(run({ type: "hover", menu: "services" }, { type: "hover", menu: "industries" })).toBe(
      "industries",
    );
  });

  test("hovering Portfolio, a click outside or leaving the navbar closes", () => {
    expect(run({ type: "hover", menu: "services" }, { type: "hoverLink" })).toBeNull();
    expect(run({ type: "hover", menu: "industries" }, { type: "close" })).toBeNull();
  });

  test("the trigger button toggles", () => {
    expect(run({ type: "toggle", menu: "services" })).toBe("services");
    expect(run({ type: "toggle", menu: "services" }, { type: "toggle", menu: "services" })).toBeNull();
    expect(run({ type: "toggle", menu: "services" }, { type: "toggle", menu: "industries" })).toBe(
      "industries",
    );
  });

  test("a click on the trigger a hover already opened keeps it open; the next click closes it", () => {
    const hover = { type: "hover", menu: "services" } as const;
    const toggle = { type: "toggle", menu: "services" } as const;
    expect(run(hover, toggle)).toBe("services");
    expect(run(hover, toggle, toggle)).toBeNull();
    expect(run(hover, toggle, hover)).toBe("services");
    // Opened by a click, then the hover's delay runs out: still open, and one click closes it.
    expect(run(toggle, hover, toggle)).toBeNull();
  });
});
