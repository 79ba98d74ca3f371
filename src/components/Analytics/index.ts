export { Analytics } from "./Analytics";
