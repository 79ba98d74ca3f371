import * as React from "react";
import type { HeadProps } from "gatsby";
import type { PageContext } from "../../../shared/routes";
import { Seo } from "./Seo";

type PageData = { page: { title: string; description: string } | null };

/** The Head of the templates that render a content page (about, contact, works, casestudy, new-home). */
export function pageHead(
  options: {
    noindex?: boolean;
    /** Serialise the route table's trail as a BreadcrumbList (only where the page shows it). */
    breadcrumbs?: boolean;
  } = {},
) {
  return function Head({ data, location, pageContext }: HeadProps<PageData, PageContext>) {
    return (
      <Seo
        title={
          // Later pages of the works index are titled by the route table ("Our work, page 2").
          (pageContext.listPage?.number ?? 1) > 1
            ? (pageContext.breadcrumbs.at(-1)?.title ?? data.page!.title)
            : data.page!.title
        }
        description={data.page!.description}
        pathname={location.pathname}
        breadcrumbs={options.breadcrumbs === false ? [] : pageContext.breadcrumbs}
        noindex={options.noindex}
      />
    );
  };
}
