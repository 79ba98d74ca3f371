export * from "./Consultation";
