// Stands in for Gatsby's `.cache/route-announcer-props.js` (see onCreateWebpackConfig): the same
// announcer, hidden by the site's `visually-hidden` class instead of an inline style on every page.
exports.RouteAnnouncerProps = {
  id: "gatsby-announcer",
  className: "visually-hidden",
  "aria-live": "assertive",
  "aria-atomic": "true",
};
