import * as React from "react";
import type { Crumb } from "../../../shared/routes";
import { ItemGrid, LinkCardGrid, serviceCard } from "../../components/Cards";
import { Facts } from "../../components/Facts";
import { telHref } from "../../lib/phone";
import { EntryPage } from "../EntryPage";

/** A country landing page: why teams there work with us, popular services, the local contact. */
export function Country({
  country: c,
  crumbs,
}: {
  country: Queries.CountryPageQuery["country"] & {};
  crumbs: readonly Crumb[];
}) {
  return (
    <EntryPage
      hero={{ eyebrow: c.country, headline: c.headline, lead: c.summary, crumbs }}
      sections={[
        { heading: `Why teams in ${c.country} work with us`, children: <ItemGrid items={c.highlights} /> },
        {
          heading: `Popular services in ${c.country}`,
          children: <LinkCardGrid items={c.services.map(serviceCard)} />,
        },
        {
          heading: `Contact us in ${c.country}`,
          children: (
            <Facts
              layout="table"
              items={[
                { term: "Phone", detail: <a href={telHref(c.contact.phone)}>{c.contact.phone}</a> },
                { term: "Email", detail: <a href={`mailto:${c.contact.email}`}>{c.contact.email}</a> },
                { term: "Office", detail: c.contact.office },
                { term: "Hours", detail: c.contact.hours },
              ]}
            />
          ),
        },
      ]}
      topic={`your project in ${c.country}`}
    />
  );
}
