export { MOBILE_MENU_ID, MobileMenu } from "./MobileMenu";
