/**
 * The mobile drill-down menu (spec section 4) as a level stack: [] is the top level,
 * ["services"] the service groups, ["services", "AI Development"] one group's items,
 * ["industries"] and ["portfolio"] flat lists. The Home breadcrumb empties the stack.
 */
export interface MobileMenuState {
  open: boolean;
  stack: string[];
}

export type MobileMenuEvent =
  { type: "open" } | { type: "close" } | { type: "drill"; key: string } | { type: "back" } | { type: "home" };

export const initialMobileMenu: MobileMenuState = { open: false, stack: [] };

export function mobileMenuReducer(state: MobileMenuState, event: MobileMenuEvent): MobileMenuState {
  switch (event.type) {
    case "open":
      return { open: true, stack: [] };
    case "close":
      return { open: false, stack: [] };
    case "drill":
      return state.open ? { ...state, stack: [...state.stack, event.key] } : state;
    case "back":
      return { ...state, stack: state.stack.slice(0, -1) };
    case "home":
      return { ...state, stack: [] };
  }
}
