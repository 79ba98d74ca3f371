export * from "./Layout";
