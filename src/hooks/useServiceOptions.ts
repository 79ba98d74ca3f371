import { useSiteData } from "./useSiteData";

/** The services a visitor can ask about, from content/services, sorted by title. */
export function useServiceOptions(): { slug: string; title: string }[] {
  const data = useSiteData();
  return data.allService.nodes.map(({ slug, title }) => ({ slug, title }));
}
