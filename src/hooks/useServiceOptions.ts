import { graphql, useStaticQuery } from "gatsby";

/** The services a visitor can ask about, from content/services, sorted by title. */
export function useServiceOptions(): { slug: string; title: string }[] {
  const data = useStaticQuery<Queries.UseServiceOptionsQuery>(graphql`
    query UseServiceOptions {
      allService(sort: { title: ASC }) {
        nodes {
          slug
          title
        }
      }
    }
  `);
  return data.allService.nodes.map(({ slug, title }) => ({ slug, title }));
}
