import type { GatsbyBrowser } from "gatsby";
import { trackPageView } from "./analytics";

/** gatsby-browser's onRouteUpdate: analytics page views on client-side navigation. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location, prevLocation }) => {
  trackPageView(location, prevLocation);
};
