export { NewHome } from "./NewHome";
