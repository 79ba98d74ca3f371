export { createSchemaCustomization } from "./gatsby/node/createSchemaCustomization";
export { createResolvers } from "./gatsby/node/createResolvers";
export { sourceNodes } from "./gatsby/node/sourceNodes";
export { createPages } from "./gatsby/node/createPages";
export { onCreateWebpackConfig } from "./gatsby/node/onCreateWebpackConfig";
export { onPreBootstrap } from "./gatsby/node/onPreBootstrap";
export { onPostBuild } from "./gatsby/node/onPostBuild";
