import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import TerserPlugin from "terser-webpack-plugin";
import { BRAND } from "./shared/brand";
import { ContentError, loadSite } from "./gatsby/lib/content";
import { contentDir } from "./gatsby/lib/paths";
import { NEW_HOME_PATH } from "./shared/routes";
import { sitemapSerializer, SITEMAP_QUERY } from "./gatsby/lib/sitemap";
import { withHostRules } from "./gatsby/lib/hostRules";
import { gtagScriptUrl, MEASUREMENT_ID_PATTERN, resolveMeasurementId } from "./shared/analyticsIds";
import { resolveCountryLookupUrl } from "./shared/countryLookupUrl";
import { lookupUrlProblem } from "./schemas/urls";
import { cmsAuthScopeProblem } from "./shared/cmsConfig";

// Gatsby takes an exception thrown while this file loads for a failed compilation: it retries, then
// carries on with no configuration at all and fails later on an unrelated GraphQL error. So a
// problem found here is printed, and ends the build, without throwing.
function stop(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

// The site's name and address come from content/site.yaml, the one place they are written, read
// by the content loader: a broken site.yaml stops the build here with the loader's report (the
// file, the field and the fix), never with a placeholder name or address.
const site = (() => {
  try {
    return loadSite(contentDir());
  } catch (error) {
    if (error instanceof ContentError) return stop(error.message);
    throw error;
  }
})();

// The environment's overrides are checked together, and every malformed one is named in the same
// report, so a deploy's settings are fixed in one pass rather than one failed build each.
const envProblems: string[] = [];

// GATSBY_GA_MEASUREMENT_ID overrides site.yaml's analyticsId. A malformed value stops the build
// here rather than shipping a tag that silently measures nothing.
const measurementId = resolveMeasurementId(process.env.GATSBY_GA_MEASUREMENT_ID, site.analyticsId);
if (measurementId && !MEASUREMENT_ID_PATTERN.test(measurementId)) {
  envProblems.push(
    `GATSBY_GA_MEASUREMENT_ID: "${measurementId}" is not a GA4 measurement id such as G-AB12CD34EF; fix it or unset it`,
  );
}

// GATSBY_COUNTRY_LOOKUP_URL overrides site.yaml's countryLookupUrl (the benchmark points it at a
// local stub); the browser reads it the same way (src/lib/countryLookup.ts). The override is held
// to site.yaml's own rule (schemas/urls.ts).
const lookupUrl = resolveCountryLookupUrl(process.env.GATSBY_COUNTRY_LOOKUP_URL, site.countryLookupUrl);
const lookupProblem = lookupUrlProblem(lookupUrl);
if (lookupProblem) {
  envProblems.push(`GATSBY_COUNTRY_LOOKUP_URL: "${lookupUrl}" ${lookupProblem}; fix it or unset it`);
}

// The CMS's GitHub token scope (shared/cmsConfig.ts): a value GitHub would grant more with, or a
// typo, stops the build here instead of shipping an admin that cannot sign in.
const scopeProblem = cmsAuthScopeProblem(process.env.GATSBY_CMS_AUTH_SCOPE);
if (scopeProblem) envProblems.push(`GATSBY_CMS_AUTH_SCOPE: ${scopeProblem}; fix it or unset it`);

if (envProblems.length) stop(envProblems.join("\n"));

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.name,
    description: site.description,
    siteUrl: site.siteUrl,
  },
  trailingSlash: "never",
  // The host's output (Netlify: public/_headers, public/_redirects, .netlify/v1/config.json and
  // the functions in .netlify/functions-internal/) is written by every build, so a deploy needs no
  // manual step. The site's wrapper corrects what Netlify would read otherwise and gives each page
  // its own policy (gatsby/lib/hostRules.ts). The security headers are not handed to Gatsby, which
  // would copy them onto every file: the build writes them as a few rules of their own
  // (gatsby/lib/headers.ts, gatsby/node/onPostBuild.ts).
  adapter: withHostRules(adapter()),
  // gtag.js runs in Partytown's worker (ADR 0011), which fetches it through Gatsby's same-origin
  // proxy, /__third-party-proxy?url=<this URL>: the build writes the rewrite for Netlify (ADR 0015),
  // and `npm start` (scripts/serve.ts) matches it the same way. Only this exact URL is proxied.
  partytownProxiedURLs: measurementId ? [gtagScriptUrl(measurementId)] : [],
  // Query result types (`Queries.*`), also for the queries in gatsby/ (npm run typegen writes them
  // without a build).
  graphqlTypegen: {
    generateOnBuild: true,
    typesOutputPath: "src/gatsby-types.d.ts",
    documentSearchPaths: ["./gatsby-node.ts", "./gatsby/node/*.ts", "./gatsby/lib/*.ts"],
  },
  plugins: [
    {
      // In production builds, no display names or file names in the class names: they are for
      // reading the DOM in development, and cost every visitor bytes in every bundle and page.
      // `pure` lets the minifier drop styled components nothing uses.
      resolve: "gatsby-plugin-styled-components",
      options:
        process.env.NODE_ENV === "production"
          ? { displayName: false, fileName: false, pure: true }
          : { displayName: true, fileName: true },
    },
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
        background_color: BRAND.white,
        theme_color: BRAND.ink,
        display: "standalone",
        icon: "src/images/icon.png",
        cache_busting_mode: "none",
        // Not the plugin's eight apple-touch-icon links in every page (0.1 KB of gzip each page
        // carries on a phone's first round trip): one, written in gatsby-ssr.tsx.
        legacy: false,
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
        // minify it again, which took over a minute: minify only our own CMS entry. No source
        // maps, as for the site's bundles (the map it copies goes in onPostBuild). And the
        // previews' views get `gatsby` as src/cms/gatsby.ts, not Gatsby's page runtime.
        customizeWebpackConfig: (webpackConfig: {
          optimization?: { minimizer?: unknown[] };
          resolve?: { alias?: Record<string, string> };
          devtool?: string | false;
          cache?: boolean | { type?: string; name?: string; cacheLocation?: string };
        }) => {
          webpackConfig.devtool = false;
          // The admin bundle is compiled from a copy of the site's webpack configuration, persistent
          // cache included: sharing the site's cache, it took cached resolutions of `gatsby` (Gatsby's
          // own entry) over the alias below, and the admin stopped at start ("Cannot access 'I'
          // before initialization"). Its own cache keeps the two apart.
          if (webpackConfig.cache && typeof webpackConfig.cache === "object") {
            webpackConfig.cache = {
              ...webpackConfig.cache,
              name: "decap-cms-admin",
              cacheLocation: path.join(__dirname, ".cache/webpack/decap-cms-admin"),
            };
          }
          webpackConfig.optimization = {
            ...webpackConfig.optimization,
            minimizer: [new TerserPlugin({ exclude: /decap-cms-app\.js|\.production\.min\.js/ })],
          };
          webpackConfig.resolve = {
            ...webpackConfig.resolve,
            alias: { ...webpackConfig.resolve?.alias, gatsby$: path.join(__dirname, "src/cms/gatsby.ts") },
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
