/** @jest-environment node */
import { initialNavbarState, isNavbarWhite, navbarReducer, type NavbarEvent } from "../Navbar.state";

describe("navbar colour", () => {
  const run = (...events: NavbarEvent[]) => events.reduce(navbarReducer, initialNavbarState);
  const white = (events: NavbarEvent[], solidRoute = false, menuOpen = false) =>
    isNavbarWhite(run(...events), { solidRoute, menuOpen });

  test("transparent at the top, white from 75px of scroll", () => {
    expect(white([])).toBe(false);
    expect(white([{ type: "scroll", y: 74 }])).toBe(false);
    expect(white([{ type: "scroll", y: 75 }])).toBe(true);
    expect(
      white([
        { type: "scroll", y: 400 },
        { type: "scroll", y: 10 },
      ]),
    ).toBe(false);
  });

  test("always white on always-white routes", () => {
    expect(white([], true)).toBe(true);
    expect(white([{ type: "hoverStart" }, { type: "hoverEnd" }], true)).toBe(true);
  });

  test("white while hovered; on leave transparent only when under 75px", () => {
    expect(white([{ type: "hoverStart" }])).toBe(true);
    expect(white([{ type: "hoverStart" }, { type: "hoverEnd" }])).toBe(false);
    expect(white([{ type: "scroll", y: 80 }, { type: "hoverStart" }, { type: "hoverEnd" }])).toBe(true);
  });

  test("white while a mega menu is open", () => {
    expect(white([], false, true)).toBe(true);
  });
});
