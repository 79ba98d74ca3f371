/**
 * Preloaded into the Netlify CLI in the tests (NODE_OPTIONS=--require, test/harness/netlifyHost.ts):
 * the CLI has no option for the address its servers listen on and listens on every interface (its
 * proxy, its functions server, its blobs servers). Here a server given no address listens on
 * 127.0.0.1 instead; nothing else changes.
 */
const net = require("node:net");

const listen = net.Server.prototype.listen;
const isPort = (value) => typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value));

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (args.length === 0 || typeof first === "function") args.unshift(0, "127.0.0.1");
  else if (isPort(first) && typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  else if (
    first &&
    typeof first === "object" &&
    first.path === undefined &&
    first.fd === undefined &&
    !first._handle &&
    first.host === undefined
  )
    args[0] = { ...first, host: "127.0.0.1" };
  return listen.apply(this, args);
};
