import { NAVBAR_SOLID_SCROLL_PX } from "../../styles/constants";

/**
 * The navbar's colour (spec section 4): white when the page is scrolled 75px or more, on an
 * always-white route, or while the visitor's pointer is on a menu item (or a mega menu is open);
 * otherwise transparent.
 */
export interface NavbarState {
  scrollY: number;
  hovered: boolean;
}

export type NavbarEvent = { type: "scroll"; y: number } | { type: "hoverStart" } | { type: "hoverEnd" };

export const initialNavbarState: NavbarState = { scrollY: 0, hovered: false };

export function navbarReducer(state: NavbarState, event: NavbarEvent): NavbarState {
  switch (event.type) {
    case "scroll":
      return state.scrollY === event.y ? state : { ...state, scrollY: event.y };
    case "hoverStart":
      return state.hovered ? state : { ...state, hovered: true };
    case "hoverEnd":
      return state.hovered ? { ...state, hovered: false } : state;
  }
}

export function isNavbarWhite(
  state: NavbarState,
  options: { solidRoute: boolean; menuOpen: boolean },
): boolean {
  return options.solidRoute || options.menuOpen || state.hovered || state.scrollY >= NAVBAR_SOLID_SCROLL_PX;
}
