export { wrapPageElement } from "./src/wrapPageElement";
export { onRouteUpdate } from "./src/lib/onRouteUpdate";
