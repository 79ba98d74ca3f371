import * as React from "react";
import { Link } from "gatsby";
import { pagePath } from "../../../shared/routes";
import { Container } from "../../components/Container";
import { Logo } from "../../components/Logo";
import { ContentPage, type ContentPageProps } from "../ContentPage";
import { Bar, Foot, HeaderCta, HeroCta } from "./NewHome.styles";

/** The new home page renders on its own (the route rule): its own small header and footer. */
export function NewHome({
  page,
  site,
}: {
  page: ContentPageProps["page"];
  site: { name: string; address: { city: string; country: string } };
}) {
  return (
    <>
      <Bar>
        <Container>
          <Logo name={site.name} light />
          <HeaderCta $variant="light" />
        </Container>
      </Bar>
      <main id="main">
        <ContentPage page={page} tone="dark" actions={<HeroCta $variant="light" />} />
      </main>
      <Foot>
        <Container>
          <p>
            © {site.name}. {site.address.city}, {site.address.country}.
          </p>
          <nav aria-label="Footer">
            <Link to={pagePath("home")}>Home</Link> · <Link to={pagePath("works")}>Portfolio</Link> ·{" "}
            <Link to={pagePath("contact")}>Contact</Link>
          </nav>
        </Container>
      </Foot>
    </>
  );
}
