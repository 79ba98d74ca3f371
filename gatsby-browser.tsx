import type { GatsbyBrowser } from "gatsby";
import { initScrollAnimations, onScrollAnimationsRouteUpdate } from "./src/lib/scrollAnimations";

export { wrapPageElement } from "./src/wrapPageElement";

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  initScrollAnimations();
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  if (prevLocation) onScrollAnimationsRouteUpdate();
};
