/** Patterns shared by the content schemas (full zod, build time) and the consultation form's
 * schema (zod/mini, in the browser), in a module that imports neither. */
export const SLUG_PATTERN = "^[a-z0-9]+(?:[-_][a-z0-9]+)*$";
