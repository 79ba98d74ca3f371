import type { GatsbyNode, SourceNodesArgs } from "gatsby";
import { collections, singletons } from "../../schemas";
import { ContentError, loadContent, type Content } from "../lib/content";
import { contentDir } from "../lib/paths";
import { withPortfolioOrder } from "../lib/portfolioOrder";

/** Turns validated content into typed nodes; in `gatsby develop` it reloads on every change. */
function createContentNodes(args: SourceNodesArgs, content: Content, previous: Set<string>) {
  const { actions, createNodeId, createContentDigest } = args;
  const created = new Set<string>();
  const add = (type: string, key: string, data: object) => {
    const id = createNodeId(`${type}-${key}`);
    created.add(id);
    actions.createNode({
      ...data,
      id,
      parent: null,
      children: [],
      internal: { type, contentDigest: createContentDigest(data) },
    });
  };
  // Case studies carry their place in the portfolio, so every list of them sorts by one field.
  const entries = { ...content, works: withPortfolioOrder(content.works) };
  for (const [name, { type }] of Object.entries(collections)) {
    for (const entry of entries[name as keyof typeof collections]) add(type, entry.slug, entry);
  }
  for (const [name, { type }] of Object.entries(singletons)) {
    add(type, name, content[name as keyof typeof singletons]);
  }
  for (const id of previous) {
    if (!created.has(id)) {
      const node = args.getNode(id);
      if (node) actions.deleteNode(node);
    }
  }
  return created;
}

export const sourceNodes: GatsbyNode["sourceNodes"] = async (args) => {
  const dir = contentDir();
  let content: Content;
  try {
    content = loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) {
      args.reporter.panicOnBuild(error.message);
      return;
    }
    throw error;
  }
  let ids = createContentNodes(args, content, new Set());

  if (process.env.NODE_ENV === "development") {
    // Editors preview with `gatsby develop`: reload the content when a file changes, and report
    // a broken file without stopping the preview server.
    const { default: chokidar } = await import("chokidar");
    chokidar
      .watch(dir, { ignoreInitial: true, ignored: /(^|[/\\])\../ })
      .on("all", (_event: string, file: string) => {
        if (!/\.ya?ml$/.test(file)) return;
        try {
          ids = createContentNodes(args, loadContent(dir), ids);
          args.reporter.info(`content reloaded after a change to ${file}`);
        } catch (error) {
          args.reporter.error(error instanceof Error ? error.message : String(error));
        }
      });
  }
};
