/** A font file imported by the CMS bundle: Gatsby's webpack configuration emits it beside the bundle. */
declare module "*.ttf" {
  const url: string;
  export default url;
}
