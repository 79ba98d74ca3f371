import * as React from "react";
import { pagePath } from "../../../shared/routes";
import { ButtonLink } from "../../components/ButtonLink";
import { ConsultationLink } from "../../components/Consultation";
import { ContentPage, type ContentPageProps } from "../ContentPage";

/** The home page: a dark hero with the two main calls to action, then the page's sections. */
export function Home({ page, tagline }: { page: ContentPageProps["page"]; tagline?: string | null }) {
  return (
    <ContentPage
      page={page}
      tone="dark"
      eyebrow={tagline}
      featuredHeading="Work we are proud of"
      actions={
        <>
          <ConsultationLink $variant="light" />
          <ButtonLink to={pagePath("works")} $variant="outlineLight">
            See our work
          </ButtonLink>
        </>
      }
    />
  );
}
