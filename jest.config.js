/** Jest, set up as Gatsby's unit-testing guide describes (babel-jest with babel-preset-gatsby). */
module.exports = {
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  transform: { "^.+\\.[jt]sx?$": ["babel-jest", { configFile: "./test/babel.config.js" }] },
  moduleNameMapper: {
    "\\.(css)$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|svg|webp|ttf)$": "<rootDir>/test/fileMock.js",
  },
  // Test files are named *.test.ts(x); a script named test.ts is not a test.
  testMatch: ["**/*.test.[jt]s?(x)"],
  testPathIgnorePatterns: ["/node_modules/", "/\\.cache/", "/public/", "/e2e/"],
  // Gatsby's and Netlify's header and redirect parsers (with their dependencies) are ES modules, and so are `feed` and `web-vitals`: compile them too.
  transformIgnorePatterns: [
    "node_modules/(?!(gatsby|gatsby-script|gatsby-plugin-image|@netlify/headers-parser|@netlify/redirect-parser|escape-string-regexp|path-exists|is-plain-obj|map-obj|feed|web-vitals)/)",
  ],
  setupFiles: ["<rootDir>/test/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/test/setup.ts"],
  globals: { __PATH_PREFIX__: "" },
  // A worker a core (Jest's default leaves one core to itself: one worker on a 2-core machine,
  // whose lead-store and server tests then mostly wait on PostgreSQL and sockets).
  maxWorkers: require("node:os").availableParallelism(),
  // npm test runs the unit tests beside a Gatsby build and three browsers: on a loaded 2-core host
  // a test that takes half a second alone took over Jest's default 5 s (the first one to load
  // Netlify's header libraries). A test still fails when it waits on something that never comes.
  testTimeout: 30_000,
  // A worker's own exit (after its last file, nothing left open) took 570 to 650 ms on a quiet
  // 2-core host, longer on a loaded one: past Jest's default 500 ms, Jest killed it and printed
  // "A worker process has failed to exit gracefully" in most runs. 400 ms into the exit the worker
  // was running, with no child process and no socket but its channels to Jest, and in one process
  // (--detectOpenHandles) no test left a handle open. A worker that something holds open still
  // fails to exit, and is still reported, after 5 s.
  workerGracefulExitTimeout: 5_000,
};
