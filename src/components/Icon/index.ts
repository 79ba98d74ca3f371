export * from "./Icon";
export { CloseIcon } from "./Icon.Close";
