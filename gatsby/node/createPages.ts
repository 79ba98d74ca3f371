import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { buildRoutes, RouteConflictError, TEMPLATES, type RouteInput } from "../lib/routes";

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<{
    allPage: { nodes: RouteInput["pages"] };
    allService: { nodes: RouteInput["services"] };
    allIndustry: { nodes: RouteInput["industries"] };
    allWork: { nodes: RouteInput["works"] };
    allCountry: { nodes: RouteInput["countries"] };
  }>(`
    query RouteTable {
      allPage {
        nodes {
          slug
          title
        }
      }
      allService {
        nodes {
          slug
          title
        }
      }
      allIndustry {
        nodes {
          slug
          title
        }
      }
      allWork {
        nodes {
          slug
          title
          client
        }
      }
      allCountry {
        nodes {
          slug
          title
          country
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the content for the route table", result.errors);
    return;
  }
  const d = result.data;
  let routes;
  try {
    routes = buildRoutes({
      pages: d.allPage.nodes,
      services: d.allService.nodes,
      industries: d.allIndustry.nodes,
      works: d.allWork.nodes,
      countries: d.allCountry.nodes,
    });
  } catch (error) {
    if (error instanceof RouteConflictError) {
      reporter.panicOnBuild(error.message);
      return;
    }
    throw error;
  }
  for (const route of routes) {
    actions.createPage({
      path: route.path,
      component: path.resolve(`src/templates/${TEMPLATES[route.template]}.tsx`),
      // Ids only; each template queries its own data. `solidNavbar` is the one layout flag.
      context: { slug: route.slug, solidNavbar: route.solidNavbar },
    });
  }
};
