export { deferHydration } from "./Deferred";
