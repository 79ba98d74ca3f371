export * from "./PageShell";
