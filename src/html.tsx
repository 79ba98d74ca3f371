import * as React from "react";

interface HtmlProps {
  htmlAttributes: React.HTMLAttributes<HTMLHtmlElement>;
  headComponents: React.ReactNode[];
  bodyAttributes: React.HTMLAttributes<HTMLBodyElement>;
  preBodyComponents: React.ReactNode[];
  body: string;
  postBodyComponents: React.ReactNode[];
}

/**
 * The document around every page, in the site's language: Gatsby's own (`.cache/default-html.js`)
 * without what only browsers out of support read, Internet Explorer's `x-ua-compatible` and iOS
 * 9's `shrink-to-fit=no`. A page's document is what a phone's first round trip carries, and every
 * byte of it counts against that (docs/performance.md). Gatsby renders this on the server only.
 */
export default function HTML(props: HtmlProps) {
  return (
    <html lang="en" {...props.htmlAttributes}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.headComponents}
      </head>
      <body {...props.bodyAttributes}>
        {props.preBodyComponents}
        <div key="body" id="___gatsby" dangerouslySetInnerHTML={{ __html: props.body }} />
        {props.postBodyComponents}
      </body>
    </html>
  );
}
