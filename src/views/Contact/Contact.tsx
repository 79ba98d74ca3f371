import * as React from "react";
import styled from "styled-components";
import type { Crumb } from "../../../shared/routes";
import { ConsultationForm } from "../../components/ConsultationForm";
import { Section } from "../../components/Section";
import { ContentPage, type ContentPageProps } from "../ContentPage";

/** A comfortable line length for the form's two columns. */
const FormColumn = styled.div`
  max-width: 52rem;
`;

/** /contact: the consultation form under the hero, then the page's sections. */
export function Contact({
  page,
  crumbs,
  pathname,
}: {
  page: ContentPageProps["page"];
  crumbs: readonly Crumb[];
  pathname: string;
}) {
  return (
    <ContentPage page={page} crumbs={crumbs}>
      <Section id="book" heading="Book your free consultation" tone="tinted">
        <FormColumn>
          <ConsultationForm pathname={pathname} />
        </FormColumn>
      </Section>
    </ContentPage>
  );
}
