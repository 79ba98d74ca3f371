import * as React from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { NavigationInput } from "../lib/menuData";

/** Menu structure from content/navigation.yaml with titles and icons resolved from the entries. */
export function useNavigation(): NavigationInput {
  const data = useStaticQuery<Queries.UseNavigationQuery>(graphql`
    fragment MenuEntry on Service {
      slug
      title
      icon
    }
    fragment MenuIndustry on Industry {
      slug
      title
      icon
    }
    query UseNavigation {
      navigation {
        top {
          label
          href
          menu
          list
          page {
            slug
          }
        }
        services {
          columns {
            groups {
              title
              icons
              items {
                ...MenuEntry
              }
            }
          }
        }
        industries {
          sector {
            title
            items {
              ...MenuIndustry
            }
          }
          ai {
            title
            items {
              ...MenuIndustry
            }
          }
        }
      }
      # Portfolio order (gatsby/lib/portfolioOrder.ts), as on the works index.
      allWork(sort: { portfolioOrder: ASC }) {
        nodes {
          slug
          client
          title
        }
      }
    }
  `);
  const { navigation, allWork } = data;
  // The same object while the page lives: the menus that take it hydrate only when reached.
  const input = React.useMemo(
    () => (navigation ? { ...navigation, works: allWork.nodes } : null),
    [navigation, allWork],
  );
  if (!input) throw new Error("content/navigation.yaml was not loaded");
  return input;
}
