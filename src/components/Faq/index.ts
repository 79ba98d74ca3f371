export * from "./Faq";
