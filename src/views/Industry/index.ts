export { Industry } from "./Industry";
