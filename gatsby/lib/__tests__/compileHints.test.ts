import { getsCompileHint } from "../compileHints";

test("the start-up scripts get V8's compile hint", () => {
  expect(getsCompileHint("app-ed88d5a95105aee6408d.js")).toBe(true);
  expect(getsCompileHint("framework-280a65a0425707dcd1b3.js")).toBe(true);
  expect(getsCompileHint("webpack-runtime-b2ce6d4101d077b2fa6f.js")).toBe(true);
});

test("templates, shared chunks, source maps and other files keep lazy compilation", () => {
  expect(getsCompileHint("component---src-templates-work-tsx-c9fe1f4b5e8af1025373.js")).toBe(false);
  expect(getsCompileHint("2ce716e1564cfc529113a6714b21a4f8b47b4af4-45d394e5e61f809aed10.js")).toBe(false);
  expect(getsCompileHint("app-ed88d5a95105aee6408d.js.map")).toBe(false);
  expect(getsCompileHint("static/app-ed88d5a95105aee6408d.js")).toBe(false);
});
