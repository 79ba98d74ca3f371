/**
 * npm run typegen: writes src/gatsby-types.d.ts (the `Queries` types of every GraphQL query) from
 * the current schema and queries, without building the site, so `npm run typecheck` checks the code
 * against fresh types rather than the committed file.
 *
 * `gatsby build` writes the same file (graphqlTypegen.generateOnBuild), but only after bundling
 * and rendering every page (about 1.5 minutes here); Gatsby has no command that only generates the
 * types. This runs the part of a build the types depend on, as `gatsby build`'s bootstrap does:
 * load the config and plugins, source the content, build the schema, extract the queries from
 * src/ (and, through graphqlTypegen.documentSearchPaths, from gatsby-node and gatsby/), then the
 * same writer the build calls. About 30 seconds. It uses Gatsby's internal modules (gatsby/dist/...):
 * see docs/upgrading.md.
 */
import path from "node:path";
import type { GatsbyConfig } from "gatsby";

// As `gatsby build` runs: production mode (no content watcher), and a query error ends the run.
process.env.NODE_ENV = "production";
process.env.gatsby_executing_command = "build";
process.env.GATSBY_TELEMETRY_DISABLED = "1";

// Gatsby's internal modules, untyped.
const services = require("gatsby/dist/services");
const compileQueries = require("gatsby/dist/query/query-compiler").default;
const { store } = require("gatsby/dist/redux");
const { writeTypeScriptTypes } = require("gatsby/dist/utils/graphql-typegen/ts-codegen");

interface State {
  schema: unknown;
  definitions: Map<string, unknown>;
  config: GatsbyConfig & { graphqlTypegen: { typesOutputPath: string } };
}

async function main(): Promise<void> {
  const started = Date.now();
  const directory = path.resolve(__dirname, "..");
  const program = {
    directory,
    sitePackageJson: require(path.join(directory, "package.json")),
  };
  const context = { program, ...(await services.initialize({ program })) };
  try {
    await services.customizeSchema(context);
    await services.sourceNodes(context);
    await services.buildSchema(context);
    // Parses every query and stores its definition; an invalid query ends the run with its error.
    if (!(await compileQueries())) throw new Error("the queries could not be extracted");
    const { schema, definitions, config } = store.getState() as State;
    await writeTypeScriptTypes(directory, schema, definitions, config.graphqlTypegen);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`typegen: ${config.graphqlTypegen.typesOutputPath} written in ${seconds} s\n`);
  } finally {
    await Promise.all(context.workerPool.end());
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `typegen: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
