export * from "./Toasts";
