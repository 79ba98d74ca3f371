export * from "./ButtonLink";
