/**
 * The content loader: reads content/, validates every file and reports every problem at once.
 * One module per job: problems (the report), readYaml, explain (zod issues as sentences),
 * references (slugs and images between files), navigationRules (the menu's shape), load.
 */
export { ContentError, formatProblem, type ContentProblem } from "./problems";
export { loadContent, loadSite, type Content, type LoadOptions } from "./load";
export { collectMarked } from "./references";
export { checkNavigation, SERVICE_COLUMN_GROUPS } from "./navigationRules";
