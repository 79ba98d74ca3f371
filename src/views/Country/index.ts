export { Country } from "./Country";
