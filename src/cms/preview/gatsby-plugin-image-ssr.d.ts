declare module "gatsby-plugin-image/gatsby-ssr" {
  /** The plugin's server-render hook, which writes its base CSS into every page's <head>. */
  export function onRenderBody(args: {
    setHeadComponents: (components: import("react").ReactNode[]) => void;
  }): void;
}
