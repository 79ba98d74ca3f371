import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { CompileHintsPlugin } from "../lib/compileHints";

/**
 * Gatsby's route announcer (the live region that names the new page after a client-side
 * navigation, for screen readers) is hidden by an inline style of 150 bytes in every page, in the
 * document a phone's first round trip carries (docs/performance.md). Its props module is replaced,
 * in the server's and the browser's bundles alike, by one that hides it with the site's
 * `visually-hidden` class (src/styles/globalCss.ts). The footer test in `e2e/layout.test.ts`
 * checks the announcement after a client-side navigation.
 */
const ROUTE_ANNOUNCER = /^\.\/route-announcer-props(\.js)?$/;

/**
 * gatsby-plugin-decap-cms adds a browser hook to every page for Netlify Identity's e-mail links;
 * we run the CMS without Identity (enableIdentityWidget: false), so the hook would only add
 * weight to every visitor's first load. Replace it with an empty module: the CMS bundle then
 * stays on /admin/ alone.
 *
 * Gatsby's internal Partytown plugin adds a browser hook to every page too, which pulls in
 * gatsby-script and Partytown's snippet code; it only acts in `gatsby develop` (it reloads the
 * page when a new off-main-thread script appears). The site's one off-main-thread script, the
 * analytics tag (ADR 0011), is loaded by gatsby-script where the tag's chunk renders it, which
 * needs no hook: replaced with the empty module in production builds (e2e/analytics.test.ts
 * shows the tag running in the worker on that build).
 *
 * In production builds, the scripts every page starts with carry V8's compile hint
 * (gatsby/lib/compileHints.ts), and no source maps are written: Gatsby's default (`source-map`)
 * would publish the site's original source beside every bundle. The CMS bundle is built the same
 * way (gatsby-config), and onPostBuild removes a map a plugin copies from a prebuilt package.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins }) => {
  // Gatsby's route announcer, the same on the server and in the browser (see ROUTE_ANNOUNCER).
  actions.setWebpackConfig({
    plugins: [
      plugins.normalModuleReplacement(ROUTE_ANNOUNCER, path.resolve("gatsby/routeAnnouncerProps.js")),
    ],
  });
  if (stage !== "build-javascript" && stage !== "develop") return;
  actions.setWebpackConfig({
    resolve: {
      alias: {
        [path.resolve("node_modules/gatsby-plugin-decap-cms/gatsby-browser.js")]:
          path.resolve("gatsby/empty-module.js"),
        ...(stage === "build-javascript"
          ? {
              [path.resolve("node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js")]:
                path.resolve("gatsby/empty-module.js"),
            }
          : {}),
      },
    },
    ...(stage === "build-javascript" ? { devtool: false, plugins: [new CompileHintsPlugin()] } : {}),
  });
};
