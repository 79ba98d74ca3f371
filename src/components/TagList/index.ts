export * from "./TagList";
