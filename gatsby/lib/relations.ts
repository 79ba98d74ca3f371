/**
 * The relations between entries moved to shared/relations.ts, so the CMS preview derives them
 * the way the build does; this re-export keeps the build's imports as they were.
 */
export * from "../../shared/relations";
