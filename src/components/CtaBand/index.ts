export * from "./CtaBand";
