export { MobileMenu } from "./MobileMenu";
