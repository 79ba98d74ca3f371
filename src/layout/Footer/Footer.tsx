import * as React from "react";
import { Container } from "../../components/Container";
import { Logo } from "../../components/Logo";
import { SocialLinks } from "../../components/SocialLinks";
import { useFooter, type FooterColumn } from "../../hooks/useFooter";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { footerColumnView } from "./Footer.column";
import type { ResolvedLink } from "../../lib/links";
import { telHref } from "../../lib/phone";
import { deferHydration } from "../../components/Deferred";
import { openConsentSettings } from "../../lib/consent";
import {
  Bottom,
  Brand,
  ColumnBody,
  Columns,
  Heading,
  List,
  MoreButton,
  SettingsButton,
  Wrapper,
} from "./Footer.styles";

const PlusMinus = ({ open }: { open: boolean }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 20 20"
    aria-hidden="true"
    focusable="false"
    data-icon={open ? "minus" : "plus"}
  >
    <path
      d={open ? "M4 10h12" : "M4 10h12M10 4v12"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);

/** A plain anchor: gatsby-plugin-catch-links makes an internal one navigate client-side. */
function LinkItem({ link }: { link: ResolvedLink }) {
  return (
    <li>
      <a href={link.to} aria-label={link.name}>
        {link.label}
      </a>
    </li>
  );
}

/**
 * A column. Its heading holds both the plain title (wider screens) and the button that opens and
 * closes it on phones; the stylesheet shows one of them (Footer.styles.ts), so the column does not
 * depend on the page's width and nothing re-renders when the page learns it.
 */
function Column({ column, index }: { column: FooterColumn; index: number }) {
  const [expanded, setExpanded] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const view = footerColumnView(column.links, column.visible, expanded);
  const bodyId = `footer-col-${index}`;
  const extraId = `footer-col-${index}-more`;
  return (
    <nav aria-labelledby={`${bodyId}-heading`}>
      <Heading id={`${bodyId}-heading`}>
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {column.title}
          <PlusMinus open={open} />
        </button>
        <span>{column.title}</span>
      </Heading>
      <ColumnBody id={bodyId} $open={open}>
        <List>
          {view.shown.map((link) => (
            <LinkItem key={link.to} link={link} />
          ))}
        </List>
        {view.extra.length > 0 && (
          <>
            {/* The extra links are in the HTML for crawlers; 'More...' shows them to people. */}
            <List id={extraId} hidden={!expanded}>
              {view.extra.map((link) => (
                <LinkItem key={link.to} link={link} />
              ))}
            </List>
            <MoreButton
              type="button"
              aria-expanded={expanded}
              aria-controls={extraId}
              onClick={() => setExpanded(!expanded)}
            >
              {view.toggleLabel}
            </MoreButton>
          </>
        )}
      </ColumnBody>
    </nav>
  );
}

/** The shared footer: logo, social links, and the columns from content/footer.yaml. */
function FooterBody() {
  const site = useSiteSettings();
  const columns = useFooter();
  return (
    <Wrapper>
      <Container>
        <Brand>
          <Logo name={site.name} light />
          <SocialLinks socials={site.socials} siteName={site.name} />
        </Brand>
        <Columns>
          {columns.map((column, i) => (
            <Column key={column.title} column={column} index={i} />
          ))}
        </Columns>
        <Bottom>
          <p>
            © {site.name}, {site.address.street}, {site.address.city} {site.address.postalCode}
          </p>
          <p>
            <a href={telHref(site.phone)}>{site.phone}</a> · <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <p>
            <SettingsButton type="button" onClick={openConsentSettings}>
              {site.consentBanner.settings}
            </SettingsButton>
          </p>
        </Bottom>
      </Container>
    </Wrapper>
  );
}

/** Hydrated once a visitor reaches for the page: until then it is its server HTML (ADR 0017). */
export const Footer = deferHydration(FooterBody, "Footer");
