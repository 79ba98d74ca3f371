import fs from "node:fs";
import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import TerserPlugin from "terser-webpack-plugin";
import { parse } from "yaml";
import { siteSchema } from "./schemas";
import { contentDir } from "./gatsby/lib/paths";
import { NEW_HOME_PATH } from "./gatsby/lib/routes";
import { sitemapSerializer, SITEMAP_QUERY } from "./gatsby/lib/sitemap";
import { gtagScriptUrl, MEASUREMENT_ID_PATTERN, resolveMeasurementId } from "./src/lib/analytics";

// The site's name and address come from content/site.yaml, the one place they are written.
// (A broken site.yaml is reported in full, with every field, by the content loader.)
const siteFile = path.join(contentDir(), "site.yaml");
const parsed = siteSchema.safeParse(parse(fs.readFileSync(siteFile, "utf8")));
const site = parsed.success
  ? parsed.data
  : { name: "Site", description: "", siteUrl: "http://localhost", analyticsId: "" };

// GATSBY_GA_MEASUREMENT_ID overrides site.yaml's analyticsId. A malformed value stops the build
// here rather than shipping a tag that silently measures nothing.
const measurementId = resolveMeasurementId(process.env.GATSBY_GA_MEASUREMENT_ID, site.analyticsId);
if (measurementId && !MEASUREMENT_ID_PATTERN.test(measurementId)) {
  throw new Error(
    `GATSBY_GA_MEASUREMENT_ID: "${measurementId}" is not a GA4 measurement id such as G-AB12CD34EF; fix it or unset it`,
  );
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.name,
    description: site.description,
    siteUrl: site.siteUrl,
  },
  trailingSlash: "never",
  // Partytown fetches gtag.js through Gatsby's same-origin proxy (/__third-party-proxy?url=...).
  partytownProxiedURLs: measurementId ? [gtagScriptUrl(measurementId)] : [],
  graphqlTypegen: { generateOnBuild: true, typesOutputPath: "src/gatsby-types.d.ts" },
  plugins: [
    "gatsby-plugin-styled-components",
    // The footer and menus list ~180 links as plain <a> (one cheap element each to hydrate, where a
    // Gatsby <Link> is several components and an IntersectionObserver); this official plugin turns
    // clicks on them into client-side navigation, as <Link> would.
    "gatsby-plugin-catch-links",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: { formats: ["auto", "webp"], placeholder: "dominantColor", quality: 72 },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: path.join(contentDir(), "images") },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.name,
        short_name: site.name,
        description: site.description,
        start_url: "/",
        background_color: "#ffffff",
        theme_color: "#0e1a2b",
        display: "standalone",
        icon: "src/images/icon.png",
        cache_busting_mode: "none",
      },
    },
    {
      // The editors' CMS at /admin/: a separate bundle that no other page loads.
      resolve: "gatsby-plugin-decap-cms",
      options: {
        modulePath: path.join(__dirname, "src/cms/cms.ts"),
        manualInit: true,
        enableIdentityWidget: false,
        htmlTitle: `Content manager | ${site.name}`,
        // The plugin copies Decap's prebuilt bundle (4 MB, already minified) and would then
        // minify it again, which took over a minute: minify only our own CMS entry.
        customizeWebpackConfig: (webpackConfig: { optimization?: { minimizer?: unknown[] } }) => {
          webpackConfig.optimization = {
            ...webpackConfig.optimization,
            minimizer: [new TerserPlugin({ exclude: /decap-cms-app\.js|\.production\.min\.js/ })],
          };
        },
      },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      // The custom query and serializer add the hreflang alternates (xhtml:link) of the country
      // pages and the home page, from the same table as the pages' <head>.
      options: { excludes: [NEW_HOME_PATH], query: SITEMAP_QUERY, ...sitemapSerializer },
    },
  ],
};

export default config;
