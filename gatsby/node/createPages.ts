import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { renderSocialImages, socialImagesCache } from "../lib/renderSocialImages";
import {
  breadcrumbs,
  buildRoutes,
  RouteConflictError,
  TEMPLATES,
  WORKS_PER_PAGE,
  type PageContext,
} from "../../shared/routes";
import { checkHreflangs, HreflangError } from "../../shared/hreflang";
import { encodePortfolioIndex } from "../../shared/portfolioIndex";
import { LOGO_PATH, LOGO_SIZE, socialImageJobs } from "../../shared/socialImages";

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  // Typed by the generated Queries.RouteTableQuery (npm run typegen).
  const result = await graphql<Queries.RouteTableQuery>(`
    query RouteTable {
      siteSettings {
        name
        tagline
        siteUrl
      }
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
          kind
        }
      }
      # Portfolio order (gatsby/lib/portfolioOrder.ts): the works index pages slice the same list.
      allWork(sort: { portfolioOrder: ASC }) {
        nodes {
          slug
          title
          client
          industry {
            slug
            title
            kind
          }
          services {
            slug
            title
          }
          platforms
        }
      }
      allCountry {
        nodes {
          slug
          title
          country
          locale
        }
      }
    }
  `);
  const d = result.data;
  if (result.errors || !d?.siteSettings) {
    reporter.panicOnBuild("Could not read the content for the route table", result.errors);
    return;
  }
  let routes;
  try {
    routes = buildRoutes({
      pages: d.allPage.nodes,
      services: d.allService.nodes,
      industries: d.allIndustry.nodes,
      works: d.allWork.nodes,
      countries: d.allCountry.nodes,
    });
    // The hreflang table is read by every page's Head: check it once here, with a readable error.
    checkHreflangs(d.allCountry.nodes);
  } catch (error) {
    if (error instanceof RouteConflictError || error instanceof HreflangError) {
      reporter.panicOnBuild(error.message);
      return;
    }
    throw error;
  }
  const portfolio = encodePortfolioIndex(d.allWork.nodes);
  for (const route of routes) {
    // Ids only; each template queries its own data. `solidNavbar` is the one layout flag, and the
    // breadcrumb trail (a few titles) comes from the route table for the page's JSON-LD.
    const context: PageContext = {
      slug: route.slug,
      solidNavbar: route.solidNavbar,
      breadcrumbs: breadcrumbs(routes, route.path),
    };
    if (route.listPage) {
      context.portfolio = portfolio;
      context.listPage = route.listPage;
      context.skip = (route.listPage.number - 1) * WORKS_PER_PAGE;
      context.limit = WORKS_PER_PAGE;
    }
    actions.createPage({
      path: route.path,
      component: path.resolve(`src/templates/${TEMPLATES[route.template]}.tsx`),
      context,
    });
  }

  // Social cards are written straight into public/ now, so they exist before any HTML names them;
  // those unchanged since the last build (.cache and public/ kept) are not drawn again.
  const started = Date.now();
  const { drawn, kept } = await renderSocialImages(
    path.resolve("public"),
    socialImageJobs({
      site: d.siteSettings,
      services: d.allService.nodes,
      industries: d.allIndustry.nodes,
      works: d.allWork.nodes,
    }),
    { path: LOGO_PATH, size: LOGO_SIZE },
    socialImagesCache(),
  );
  reporter.info(
    `social images: ${drawn} drawn, ${kept} unchanged since the last build (cards and the logo) in ${Date.now() - started} ms`,
  );
};
