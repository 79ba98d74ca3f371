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
});
