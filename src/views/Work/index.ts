export { Work } from "./Work";
