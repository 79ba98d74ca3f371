module.exports = {
  presets: [["babel-preset-gatsby", { stage: 0 }], "@babel/preset-typescript"],
  plugins: ["babel-plugin-styled-components"],
};
