export { ConsentBanner, PRIVACY_ANALYTICS_PATH, type ConsentBannerProps } from "./ConsentBanner";
