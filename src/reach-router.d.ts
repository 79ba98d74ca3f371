/**
 * Gatsby's router, @gatsbyjs/reach-router (a fork of @reach/router 1, what Gatsby's Link is built
 * on), ships no types: @reach/router's, which its API keeps, and the location context it exports.
 */
declare module "@gatsbyjs/reach-router" {
  import type * as React from "react";
  import type { WindowLocation } from "@reach/router";

  export * from "@reach/router";
  /**
   * The router's location, provided by its LocationProvider (undefined outside one). Gatsby's
   * fork hands down the location alone (its `navigate` is Gatsby's).
   */
  export const LocationContext: React.Context<{ location: WindowLocation } | undefined>;
}
