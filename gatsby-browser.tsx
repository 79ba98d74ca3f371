export { wrapPageElement } from "./src/wrapPageElement";
