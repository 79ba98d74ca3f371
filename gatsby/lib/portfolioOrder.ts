/**
 * The portfolio order moved to shared/portfolioOrder.ts, so the CMS preview sorts case studies
 * the way the build does; this re-export keeps the build's imports as they were.
 */
export * from "../../shared/portfolioOrder";
