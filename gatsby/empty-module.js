// Stands in for a plugin's browser hook that this site does not use (see onCreateWebpackConfig).
module.exports = {};
