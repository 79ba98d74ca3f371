/**
 * The web CMS at /admin/ (Decap CMS). This bundle is built by gatsby-plugin-decap-cms and loaded
 * only on /admin/; no other page includes it, the preview templates (./preview) included.
 */
import CMS from "decap-cms-app";
import { parse, stringify } from "yaml";
import { buildCmsConfig, cmsFormat } from "../../shared/cmsConfig";
import { schemaHeader } from "../../shared/jsonSchemas";
import { collections, singletons } from "../../schemas";
import { registerPreviews } from "./preview/templates";
import { keepTyped, type ControlProps } from "./widgets/keepTyped";

for (const { type } of Object.values(collections)) {
  CMS.registerCustomFormat(cmsFormat(type), "yaml", {
    fromFile: (text: string) => parse(text),
    toFile: (data: unknown) => `${schemaHeader(type, 2)}\n${stringify(data, { lineWidth: 0 })}`,
  });
}
for (const { type } of Object.values(singletons)) {
  CMS.registerCustomFormat(cmsFormat(type), "yaml", {
    fromFile: (text: string) => parse(text),
    toFile: (data: unknown) => `${schemaHeader(type, 1)}\n${stringify(data, { lineWidth: 0 })}`,
  });
}

// The fields an editor types into keep every key while Decap's store catches up (./widgets/keepTyped).
for (const name of ["string", "text", "number"]) {
  const widget = CMS.getWidget(name);
  if (!widget) throw new Error(`Decap has no "${name}" widget to wrap: see src/cms/widgets/keepTyped.tsx`);
  // Decap's types call the control and preview components props, and leave out the fourth
  // argument its documentation gives: the schema that checks a field's options (a number's min
  // and max), here the widget's own.
  const register = CMS.registerWidget as (
    name: string,
    control: unknown,
    preview: unknown,
    schema?: unknown,
  ) => void;
  register(
    name,
    keepTyped(widget.control as unknown as React.ComponentClass<ControlProps>),
    widget.preview,
    (widget as { schema?: unknown }).schema,
  );
}

// Each collection's preview is the site's own page for the entry, as the editor types.
registerPreviews(CMS);

CMS.init({
  config: buildCmsConfig({
    repo: process.env.GATSBY_CMS_REPO,
    branch: process.env.GATSBY_CMS_BRANCH,
    authUrl: process.env.GATSBY_CMS_AUTH_URL,
    authScope: process.env.GATSBY_CMS_AUTH_SCOPE,
    previewContext: process.env.GATSBY_CMS_PREVIEW_CONTEXT,
  }) as never,
});
