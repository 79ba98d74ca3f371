import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { globalCss } from "./src/styles/globalCss";

export { wrapPageElement } from "./src/wrapPageElement";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};

/** The global base styles go first in <head>, so the components' styles come after them. */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
}) => {
  replaceHeadComponents([
    <style key="global-css" data-global-css="" dangerouslySetInnerHTML={{ __html: globalCss }} />,
    ...getHeadComponents(),
  ]);
};
