export * from "./SocialLinks";
