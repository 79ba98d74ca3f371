export { ContentPage } from "./ContentPage";
export type { ContentPageProps } from "./ContentPage";
