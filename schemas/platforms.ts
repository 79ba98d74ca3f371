/**
 * The platforms a case study can run on, and how each is written for visitors. Kept free of
 * zod so the browser bundle (the case-study page, the portfolio filter) can import the labels
 * without pulling in the validation library.
 */
export const PLATFORMS = ["web", "ios", "android", "pwa", "ai-ml", "desktop", "wearable", "vr"] as const;

export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  web: "Web",
  ios: "iOS",
  android: "Android",
  pwa: "PWA",
  "ai-ml": "AI/ML",
  desktop: "Desktop",
  wearable: "Wearable",
  vr: "VR",
};

/** The label of a platform slug; an unknown slug is shown as written. */
export const platformLabel = (platform: string): string =>
  (PLATFORM_LABELS as Record<string, string>)[platform] ?? platform;
