import * as React from "react";
import { pagePath, type Crumb } from "../../../shared/routes";
import { ButtonLink } from "../../components/ButtonLink";
import { ContentPage, type ContentPageProps } from "../ContentPage";

/** /casestudy, a curated showcase: the case studies listed under `featured` in content/pages/casestudy.yaml. */
export function Casestudy({ page, crumbs }: { page: ContentPageProps["page"]; crumbs: readonly Crumb[] }) {
  return (
    <ContentPage
      page={page}
      crumbs={crumbs}
      featuredHeading="Featured case studies"
      actions={
        <ButtonLink to={pagePath("works")} $variant="secondary">
          Browse the full portfolio
        </ButtonLink>
      }
    />
  );
}
