export { Casestudy } from "./Casestudy";
