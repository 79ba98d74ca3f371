/**
 * Which desktop mega menu is open (spec section 4): none by default; hovering Services or
 * Industries opens that one; hovering Portfolio (or another plain link) closes it; a click
 * outside, Escape, or the pointer leaving the navbar closes it. Keyboard users toggle with the
 * trigger buttons (WAI-ARIA disclosure navigation). A pointer reaches a button before it clicks:
 * when the hover has already opened that menu, the click keeps it open (the visitor meant to
 * open it) and the next click closes it.
 */
export type MegaMenuKey = "services" | "industries";

export type MegaMenuState = {
  open: MegaMenuKey | null;
  /** The open menu was opened or kept open by a click (so the trigger's next click closes it). */
  clicked: boolean;
};

export type MegaMenuEvent =
  | { type: "hover"; menu: MegaMenuKey }
  | { type: "hoverLink" }
  | { type: "toggle"; menu: MegaMenuKey }
  | { type: "close" };

export const initialMegaMenu: MegaMenuState = { open: null, clicked: false };

export function megaMenuReducer(state: MegaMenuState, event: MegaMenuEvent): MegaMenuState {
  switch (event.type) {
    case "hover":
      return state.open === event.menu ? state : { open: event.menu, clicked: false };
    case "toggle":
      return state.open === event.menu && state.clicked
        ? initialMegaMenu
        : { open: event.menu, clicked: true };
    case "hoverLink":
    case "close":
      return state.open === null ? state : initialMegaMenu;
  }
}
