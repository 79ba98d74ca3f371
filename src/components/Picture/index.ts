export { Picture } from "./Picture";
