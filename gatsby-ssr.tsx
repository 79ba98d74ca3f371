import * as React from "react";
import type { GatsbySSR } from "gatsby";
import { globalCss } from "./src/styles/globalCss";

export { wrapPageElement } from "./src/wrapPageElement";

/** The icon iOS puts on a home screen: the largest it asks for is 180 px, so the 192 px one. */
const APPLE_TOUCH_ICON = "/icons/icon-192x192.png";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([<link key="apple-touch-icon" rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />]);
};

/**
 * What gatsby-plugin-image writes into every page for its `<GatsbyImage>` component (its wrapper's
 * styles and a module script that fades its images in), which the site does not use: its images are
 * plain `<picture>` elements (src/components/Picture/Picture.tsx). 0.4 KB of gzip a page, in the
 * document a phone's first round trip carries (docs/performance.md).
 */
const UNUSED_IMAGE_PARTS = /^gatsby-image-style/;

/**
 * Gatsby's `<meta name="generator">` naming its version in every page: of use to no visitor or
 * crawler, and a fingerprint for anyone probing for a version's known flaws.
 */
const GENERATOR = /^generator-/;

/**
 * The global base styles go first in <head>, so the components' styles come after them; the
 * image plugin's unused parts and Gatsby's generator tag go.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
}) => {
  replaceHeadComponents([
    <style key="global-css" data-global-css="" dangerouslySetInnerHTML={{ __html: globalCss }} />,
    ...getHeadComponents().filter(
      (component) =>
        !(
          React.isValidElement(component) &&
          (UNUSED_IMAGE_PARTS.test(String(component.key)) || GENERATOR.test(String(component.key)))
        ),
    ),
  ]);
};
