import * as React from "react";
import type { WrapPageElementBrowserArgs } from "gatsby";
import { PageShell } from "./layout/PageShell";

type Args = Pick<WrapPageElementBrowserArgs<unknown, { solidNavbar?: boolean }>, "element" | "props">;

/** Shared by gatsby-browser and gatsby-ssr so the server and the browser render the same tree. */
export function wrapPageElement({ element, props }: Args) {
  return (
    <PageShell pathname={props.location.pathname} solidNavbar={Boolean(props.pageContext?.solidNavbar)}>
      {element}
    </PageShell>
  );
}
