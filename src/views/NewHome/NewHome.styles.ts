import styled from "styled-components";
import { ConsultationLink } from "../../components/Consultation";
import { focusRingOnDark } from "../../styles/focus";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

export const Bar = styled.header`
  position: absolute;
  inset: 0 0 auto 0;
  z-index: 10;
  ${focusRingOnDark}
  > div {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.spacing(2)};
    padding-top: ${theme.spacing(2)};
  }
`;

/*
 * On a phone the logo and the button do not fit side by side (both wrapped onto two lines): the
 * button moves from the header into the hero, under the lead. One of the two is ever shown.
 */
export const HeaderCta = styled(ConsultationLink)`
  white-space: nowrap;
  ${media.down("sm")} {
    display: none;
  }
`;

export const HeroCta = styled(ConsultationLink)`
  ${media.up("sm")} {
    display: none;
  }
`;

export const Foot = styled.footer`
  padding: ${theme.spacing(4, 0)};
  border-top: 1px solid ${theme.colors.line};
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing(3)};
    justify-content: space-between;
  }
  a {
    display: inline-block;
    padding: ${theme.spacing(1, 0)};
  }
`;
