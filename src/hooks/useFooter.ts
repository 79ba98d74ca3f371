import { useSiteData } from "./useSiteData";
import { resolveLinks, type ResolvedLink } from "../lib/links";

export interface FooterColumn {
  title: string;
  visible?: number;
  links: ResolvedLink[];
}

/** Footer columns from content/footer.yaml, each link resolved to its entry's title and path. */
export function useFooter(): FooterColumn[] {
  const data = useSiteData();
  return (data.footer?.columns ?? []).map((column) => ({
    title: column.title,
    visible: column.visible ?? undefined,
    links: resolveLinks(column.links),
  }));
}
