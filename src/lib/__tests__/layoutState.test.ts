/** @jest-environment node */
import { footerColumnView, isColumnOpen } from "../footerColumn";
import { initialMegaMenu, megaMenuReducer, type MegaMenuEvent } from "../megaMenu";
import { chunk, equalColumns } from "../menuData";
import { initialMobileMenu, mobileMenuReducer, type MobileMenuEvent } from "../mobileMenu";
import { initialNavbarState, isNavbarWhite, navbarReducer, type NavbarEvent } from "../navbarState";

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

describe("menu columns", () => {
  test("the industries grid: columns of 6, the remainder in the last", () => {
    expect(chunk([...Array(21).keys()], 6).map((c) => c.length)).toEqual([6, 6, 6, 3]);
  });
  test("other menus: four equal columns", () => {
    expect(equalColumns([...Array(12).keys()], 4).map((c) => c.length)).toEqual([3, 3, 3, 3]);
  });
});

describe("footer columns", () => {
  const links = [...Array(21).keys()];

  test("shows the visible count, then More... and Less", () => {
    const collapsed = footerColumnView(links, 8, false);
    expect(collapsed.shown).toHaveLength(8);
    expect(collapsed.extra).toHaveLength(13);
    expect(collapsed.toggleLabel).toBe("More...");
    expect(footerColumnView(links, 8, true).toggleLabel).toBe("Less");
    expect(footerColumnView(links, 6, false).shown).toHaveLength(6);
  });

  test("no control when everything fits or no limit is set", () => {
    expect(footerColumnView(links.slice(0, 5), 6, false).toggleLabel).toBeNull();
    expect(footerColumnView(links, undefined, false)).toEqual({ shown: links, extra: [], toggleLabel: null });
  });

  test("columns collapse only at phone width", () => {
    expect(isColumnOpen(false, false)).toBe(true);
    expect(isColumnOpen(true, false)).toBe(false);
    expect(isColumnOpen(true, true)).toBe(true);
  });
});
