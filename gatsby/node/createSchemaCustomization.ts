import type { GatsbyNode } from "gatsby";
import { generateTypeDefs } from "../lib/graphqlTypes";

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(generateTypeDefs());
  // Derived relations (see createResolvers): declared here so queries can be typed.
  actions.createTypes(`
    type Service implements Node {
      relatedWorks: [Work!]!
      relatedIndustries: [Industry!]!
    }
    type Industry implements Node {
      relatedWorks: [Work!]!
    }
    type Work implements Node {
      moreWork: [Work!]!
      previous: Work
      next: Work
    }
  `);
};
