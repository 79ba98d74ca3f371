import * as React from "react";
import type { HeadProps } from "gatsby";
import { pagePath } from "../../shared/routes";
import { ButtonLink } from "../components/ButtonLink";
import { PageHero } from "../components/PageHero";
import { Seo } from "../components/Seo";

/** Dark, like the home page, so the transparent navbar reads over it. */
export default function NotFoundPage() {
  return (
    <PageHero
      tone="dark"
      eyebrow="Error 404"
      headline="We could not find that page"
      lead="The address may be mistyped, or the page has moved. Our services, industries and case studies are all one click away."
    >
      <ButtonLink to={pagePath("home")} $variant="light">
        Go to the home page
      </ButtonLink>
      <ButtonLink to={pagePath("works")} $variant="light">
        See our work
      </ButtonLink>
      <ButtonLink to={pagePath("contact")} $variant="light">
        Contact us
      </ButtonLink>
    </PageHero>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Page not found"
      description="The page you asked for does not exist. Find our services, industries and case studies from the home page."
      pathname={location.pathname}
      noindex
    />
  );
}
