import { graphql, useStaticQuery } from "gatsby";
import { resolveLinks, type ResolvedLink } from "../lib/links";

export interface FooterColumn {
  title: string;
  visible?: number;
  links: ResolvedLink[];
}

/** Footer columns from content/footer.yaml, each link resolved to its entry's title and path. */
export function useFooter(): FooterColumn[] {
  const data = useStaticQuery<Queries.UseFooterQuery>(graphql`
    query UseFooter {
      footer {
        columns {
          title
          visible
          links {
            label
            href
            service {
              slug
              title
            }
            industry {
              slug
              title
            }
            work {
              slug
              client
              title
            }
            page {
              slug
              title
            }
            country {
              slug
              country
            }
          }
        }
      }
    }
  `);
  return (data.footer?.columns ?? []).map((column) => ({
    title: column.title,
    visible: column.visible ?? undefined,
    links: resolveLinks(column.links),
  }));
}
