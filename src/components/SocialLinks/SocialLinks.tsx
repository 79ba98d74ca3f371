import * as React from "react";
import styled from "styled-components";
import type { SiteSettings } from "../../hooks/useSiteSettings";

const List = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
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

const PATHS = {
  linkedin:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3V9.75zM9.5 9.75h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.6 4.78 6V21h-4v-5.1c0-1.22-.02-2.8-1.7-2.8-1.72 0-1.98 1.33-1.98 2.7V21h-4V9.75z",
  instagram:
    "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.5 5.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  community:
    "M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.56-1.11-4.56-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.58 9.58 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.94.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0 0 12 2z",
};

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
              <path d={PATHS[l.key]} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </List>
  );
}
