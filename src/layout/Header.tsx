import * as React from "react";
import { Link } from "gatsby";
import styled from "styled-components";
import { Logo } from "../components/Logo";
import { useSiteSettings } from "../hooks/useSiteSettings";

const Bar = styled.header<{ $solid: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 100;
  background: ${({ $solid }) => ($solid ? "#fff" : "rgba(0, 0, 0, 0)")};
  border-bottom: 1px solid ${({ $solid, theme }) => ($solid ? theme.colors.line : "transparent")};
  nav {
    max-width: ${({ theme }) => theme.maxWidth};
    margin: 0 auto;
    padding: ${({ theme }) => theme.spacing(1.5, 2.5)};
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(3)};
  }
  ul {
    display: flex;
    gap: ${({ theme }) => theme.spacing(2)};
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    color: ${({ $solid, theme }) => ($solid ? theme.colors.ink : theme.colors.white)};
  }
`;

/** Placeholder navbar (the full navbar with mega menus is built in the layout issue). */
export function Header({ solidNavbar }: { pathname: string; solidNavbar: boolean }) {
  const site = useSiteSettings();
  return (
    <Bar $solid={solidNavbar}>
      <nav aria-label="Main">
        <Logo name={site.name} light={!solidNavbar} />
        <ul>
          <li>
            <Link to="/#a">Let&apos;s talk AI</Link>
          </li>
          <li>
            <Link to="/about">About Us</Link>
          </li>
          <li>
            <Link to="/works">Portfolio</Link>
          </li>
          <li>
            <Link to="/contact">Book free consultation</Link>
          </li>
        </ul>
      </nav>
    </Bar>
  );
}
