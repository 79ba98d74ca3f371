import type { GatsbyNode } from "gatsby";
import { generateTypeDefs } from "../lib/graphqlTypes";

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(generateTypeDefs());
  // Derived fields (the relations in createResolvers, the order set in sourceNodes): declared here
  // so queries can be typed.
  actions.createTypes(`
    type Service implements Node {
      relatedWorks: [Work!]!
      relatedIndustries: [Industry!]!
    }
    type Industry implements Node {
      relatedWorks: [Work!]!
    }
    type Work implements Node {
      "Place in the portfolio, 0 first (gatsby/lib/portfolioOrder.ts): sort every list of case studies by it."
      portfolioOrder: Int!
      moreWork: [Work!]!
      previous: Work
      next: Work
    }
  `);
  // Gatsby copies gatsby-config into the Site node and infers its type from the values; `gatsby
  // serve` reads this one (Partytown's proxy list), which the site no longer sets (analytics runs on
  // the main thread), so it is declared: the generated query types (src/gatsby-types.d.ts) then do
  // not depend on the configuration.
  actions.createTypes(`
    type Site implements Node {
      partytownProxiedURLs: [String]
    }
  `);
};
