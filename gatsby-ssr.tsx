import type { GatsbySSR } from "gatsby";

export { wrapPageElement } from "./src/wrapPageElement";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
