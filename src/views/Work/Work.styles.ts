import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Prose = styled.p`
  max-width: 75ch;
  font-size: 1.075rem;
`;

export const Gallery = styled.div`
  display: grid;
  gap: ${theme.spacing(3)};
  ${media.up("md")} {
    grid-template-columns: 1fr 1fr;
  }
  > * {
    border-radius: ${theme.radius * 2}px;
    overflow: hidden;
  }
`;

export const Outcomes = styled.ul`
  max-width: 75ch;
  li {
    margin-bottom: ${theme.spacing(1.5)};
  }
`;

export const MoreLink = styled.p`
  margin: ${theme.spacing(4, 0, 0)};
`;

export const PagerNav = styled.nav`
  padding: ${theme.spacing(4, 0)};
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: flex;
    justify-content: space-between;
    gap: ${theme.spacing(2)};
  }
  a {
    display: inline-block;
    padding: ${theme.spacing(1, 0)};
    font-weight: 600;
  }
`;
