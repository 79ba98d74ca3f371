import * as React from "react";
import { Link } from "gatsby";
import styled from "styled-components";
import { Container } from "../components/Container";
import { Logo } from "../components/Logo";
import { useFooter } from "../hooks/useFooter";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { media } from "../styles/media";

const Wrapper = styled.footer`
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.onDark};
  padding: ${({ theme }) => theme.spacing(8, 0, 4)};
  a {
    color: ${({ theme }) => theme.colors.onDark};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.white};
    text-decoration: underline;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  margin-top: ${({ theme }) => theme.spacing(4)};
  ${media.up("sm")} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.up("md")} {
    grid-template-columns: repeat(5, 1fr);
  }
  h2 {
    font-size: 1rem;
    color: ${({ theme }) => theme.colors.white};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    padding: ${({ theme }) => theme.spacing(0.5, 0)};
  }
`;

/** Placeholder footer with every column's links (More.../Less and the mobile collapse come next). */
export function Footer() {
  const site = useSiteSettings();
  const columns = useFooter();
  return (
    <Wrapper>
      <Container>
        <Logo name={site.name} light />
        <Columns>
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    {link.external ? (
                      <a href={link.to}>{link.label}</a>
                    ) : (
                      <Link to={link.to}>{link.label}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Columns>
      </Container>
    </Wrapper>
  );
}
