/**
 * The layers of docs/architecture.md ("Layers"), as ESLint zones: each layer imports only from the
 * layers below it. `import-x/no-restricted-paths` resolves every import, so a relative path that
 * climbs into a higher layer is caught whatever it looks like.
 *
 *   entry files (gatsby-*.ts)        wiring only: may import anything
 *   src/cms                          the /admin/ bundle's entry: renders views in its previews
 *   src/templates, src/pages         query + Head + one view
 *   src/views                        page bodies
 *   src/layout                       the shell
 *   src/components, src/hooks        reusable parts
 *   src/lib | gatsby | src/server    browser-only | build-only | functions-only
 *   shared                           code both the build and the browser use
 *   schemas, src/styles              the bottom
 *   e2e, test, bench, scripts        tooling: product code never imports it
 */
const TEMPLATES = ["./src/templates", "./src/pages"];
const VIEWS = ["./src/views"];
const LAYOUT = ["./src/layout"];
const PARTS = ["./src/components", "./src/hooks"];
const CMS = ["./src/cms"];
const BROWSER = ["./src/lib"];
const BUILD = ["./gatsby"];
const SERVER = ["./src/server", "./src/api"];
const UI = [...TEMPLATES, ...VIEWS, ...LAYOUT, ...PARTS];
const TOOLING = ["./e2e", "./test", "./bench", "./scripts"];

const zone = (target, from, why) => ({ target, from, message: why });

export const layerZones = [
  zone(
    TEMPLATES,
    [...SERVER, ...BUILD, ...CMS],
    "templates render views; they never reach the build, the functions or the CMS",
  ),
  zone(VIEWS, [...TEMPLATES, ...SERVER, ...BUILD, ...CMS], "views sit below the templates and the CMS"),
  zone(
    LAYOUT,
    [...TEMPLATES, ...VIEWS, ...SERVER, ...BUILD, ...CMS],
    "the layout sits below views and templates",
  ),
  zone(
    PARTS,
    [...TEMPLATES, ...VIEWS, ...LAYOUT, ...SERVER, ...BUILD, ...CMS],
    "components and hooks never import the layout, views or templates",
  ),
  zone(
    ["./src/lib"],
    [...UI, ...SERVER, ...BUILD, ...CMS],
    "src/lib is pure browser logic below the components",
  ),
  zone(
    CMS,
    [...TEMPLATES, ...SERVER, ...BUILD],
    "the CMS bundle renders the views as the templates do, never the templates, the build or the functions",
  ),
  zone(BUILD, ["./src"], "the build reads shared/ and schemas/, never src/ (move what both need to shared/)"),
  zone(SERVER, [...UI, ...BROWSER, ...CMS, ...BUILD], "the functions read shared/ and schemas/ only"),
  zone(["./shared"], ["./src", "./gatsby"], "shared/ is below the browser and the build"),
  zone(
    ["./src/styles"],
    ["./src/lib", "./src/cms", ...UI, ...SERVER, ...BUILD],
    "styles are the bottom layer",
  ),
  zone(["./schemas"], ["./src", "./gatsby", "./shared"], "schemas are the bottom layer"),
  zone(
    ["./bench", "./scripts"],
    ["./e2e"],
    "e2e/lib is for browser tests; shared harness code lives in test/harness",
  ),
];

/** Product code never imports test tooling (its own __tests__ may import test/). */
export const toolingZones = [
  zone(
    ["./src", "./gatsby", "./shared", "./schemas"],
    TOOLING,
    "product code never imports test or benchmark code",
  ),
];
