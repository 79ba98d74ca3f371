import styled from "styled-components";
import { HYDRATED, MOBILE_MAX_WIDTH_PX, PHONE_QUERY } from "../../styles/constants";
import { focusRingOnDark } from "../../styles/focus";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Wrapper = styled.footer`
  background: ${theme.colors.ink};
  color: ${theme.colors.onDark};
  /* The bottom padding is room for the fixed bottom area (the country-site suggestion, about
     80 px high): scrolled to the end, the footer's last line, Cookie settings, stays clear of it. */
  padding: ${theme.spacing(8, 0, 13)};
  ${focusRingOnDark}
  a {
    color: ${theme.colors.onDark};
  }
  a:hover {
    color: ${theme.colors.white};
  }
`;

export const Brand = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.spacing(2)};
`;

export const Columns = styled.div`
  display: grid;
  gap: ${theme.spacing(2, 4)};
  margin-top: ${theme.spacing(5)};
  ${media.minWidth(MOBILE_MAX_WIDTH_PX + 1)} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.up("md")} {
    grid-template-columns: repeat(5, 1fr);
  }
`;

/**
 * A column's heading: the plain title, and on phones, once the page is hydrated (the button works
 * only then), the button that opens the column instead. Without JavaScript every column is open.
 */
export const Heading = styled.h2`
  font-size: 1rem;
  margin: 0 0 ${theme.spacing(1)};
  color: ${theme.colors.white};
  > button {
    display: none;
  }
  @media ${PHONE_QUERY} {
    ${HYDRATED} & > button {
      display: flex;
    }
    ${HYDRATED} & > span {
      display: none;
    }
  }
  > button {
    align-items: center;
    justify-content: space-between;
    width: 100%;
    min-height: 44px;
    padding: 0;
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
`;

/** A column's links: collapsed on phones (as its heading's button says) once the page is hydrated. */
export const ColumnBody = styled.div<{ $open: boolean }>`
  @media ${PHONE_QUERY} {
    ${HYDRATED} & {
      display: ${({ $open }) => ($open ? "block" : "none")};
    }
  }
`;

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li a {
    display: inline-block;
    padding: ${theme.spacing(0.5, 0)};
    min-height: 24px;
    text-decoration: none;
  }
  li a:hover {
    text-decoration: underline;
  }
`;

export const MoreButton = styled.button`
  min-height: 32px;
  margin-top: ${theme.spacing(0.5)};
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.accentOnDark};
  text-decoration: underline;
  cursor: pointer;
`;

/** "Cookie settings": a button (it opens the consent banner, it goes nowhere) that reads as a link. */
export const SettingsButton = styled(MoreButton)`
  margin-top: 0;
`;

export const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${theme.spacing(2)};
  margin-top: ${theme.spacing(6)};
  padding-top: ${theme.spacing(3)};
  border-top: 1px solid rgba(255, 255, 255, 0.15);
  font-size: 0.9rem;
  p {
    margin: 0;
  }
`;
