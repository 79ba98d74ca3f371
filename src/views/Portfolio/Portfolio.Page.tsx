import * as React from "react";
import type { Crumb } from "../../../shared/routes";
import { ConsultationCta } from "../../components/Consultation";
import { PageHero } from "../../components/PageHero";
import { Portfolio, type PortfolioProps } from "./Portfolio";

/** /works and its later pages: the hero, the filterable portfolio, the call to action. */
export function PortfolioPage({
  page,
  crumbs,
  ...portfolio
}: PortfolioProps & { page: { headline: string; intro: string }; crumbs: readonly Crumb[] }) {
  return (
    <>
      <PageHero headline={page.headline} lead={page.intro} crumbs={crumbs} />
      <Portfolio {...portfolio} />
      <ConsultationCta topic="your project" />
    </>
  );
}
