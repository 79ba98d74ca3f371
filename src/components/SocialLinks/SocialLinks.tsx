import * as React from "react";
import styled from "styled-components";
import type { SiteSettings } from "../../hooks/useSiteSettings";
import { theme } from "../../styles/theme";

const List = styled.ul`
  display: flex;
  gap: ${theme.spacing(1)};
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    color: inherit;
  }
  svg {
    width: 22px;
    height: 22px;
  }
`;

/**
 * The icons are symbols of one file, static/icons/social.svg, drawn in the link's colour
 * (`fill="currentColor"`): their path data is not in every page's JavaScript.
 */
const SPRITE = "/icons/social.svg";

/** The three social links (a professional network, an image-sharing network, a community site). */
export function SocialLinks({ socials, siteName }: { socials: SiteSettings["socials"]; siteName: string }) {
  const links = [
    { key: "linkedin", href: socials.linkedin, label: `${siteName} on LinkedIn` },
    { key: "instagram", href: socials.instagram, label: `${siteName} on Instagram` },
    { key: "community", href: socials.community.url, label: `${siteName} on ${socials.community.name}` },
  ] as const;
  return (
    <List>
      {links.map((l) => (
        <li key={l.key}>
          <a href={l.href} aria-label={l.label} rel="noopener noreferrer" target="_blank">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <use href={`${SPRITE}#${l.key}`} />
            </svg>
          </a>
        </li>
      ))}
    </List>
  );
}
