export { Footer } from "./Footer";
