/** Jest, set up as Gatsby's unit-testing guide describes (babel-jest with babel-preset-gatsby). */
module.exports = {
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  transform: { "^.+\\.[jt]sx?$": ["babel-jest", { configFile: "./test/babel.config.js" }] },
  moduleNameMapper: {
    "\\.(css)$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|svg|webp)$": "<rootDir>/test/fileMock.js",
  },
  // Test files are named *.test.ts(x); a script named test.ts is not a test.
  testMatch: ["**/*.test.[jt]s?(x)"],
  testPathIgnorePatterns: ["/node_modules/", "/\\.cache/", "/public/", "/e2e/"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-plugin-image|web-vitals)/)"],
  setupFiles: ["<rootDir>/test/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/test/setup.ts"],
  globals: { __PATH_PREFIX__: "" },
};
