/**
 * Which desktop mega menu is open (spec section 4): none by default; hovering Services or
 * Industries opens that one; hovering Portfolio (or another plain link) closes it; a click
 * outside, Escape, or the pointer leaving the navbar closes it. Keyboard users toggle with the
 * trigger buttons (WAI-ARIA disclosure navigation).
 */
export type MegaMenuKey = "services" | "industries";

export type MegaMenuState = { open: MegaMenuKey | null };

export type MegaMenuEvent =
  | { type: "hover"; menu: MegaMenuKey }
  | { type: "hoverLink" }
  | { type: "toggle"; menu: MegaMenuKey }
  | { type: "close" };

export const initialMegaMenu: MegaMenuState = { open: null };

export function megaMenuReducer(state: MegaMenuState, event: MegaMenuEvent): MegaMenuState {
  switch (event.type) {
    case "hover":
      return state.open === event.menu ? state : { open: event.menu };
    case "toggle":
      return { open: state.open === event.menu ? null : event.menu };
    case "hoverLink":
    case "close":
      return state.open === null ? state : { open: null };
  }
}
