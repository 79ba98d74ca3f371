import { isIPv4, isIPv6 } from "node:net";
import { NETLIFY_CLIENT_IP_HEADER, type ConsultationConfig } from "./config";

/**
 * Who a request comes from, for the rate limit. Only what the host vouches for is used:
 *
 * 1. a header the host itself sets to the client's address (CONSULTATION_CLIENT_IP_HEADER;
 *    Netlify's `x-nf-client-connection-ip` when running on Netlify), taken as is;
 * 2. otherwise X-Forwarded-For, read through CONSULTATION_TRUSTED_HOPS proxies: each trusted
 *    proxy appends the address it received the request from, so the client is the entry the
 *    outermost trusted proxy added; entries to its left could be anything the client sent;
 * 3. otherwise the socket's address.
 *
 * IPv6 addresses are keyed by their /64, the block one subscriber usually gets, so a visitor
 * cannot dodge the limit by rotating through addresses of their own network.
 */

export interface AddressedRequest {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  socket?: { remoteAddress?: string };
  /** Set by gatsby-adapter-netlify's function wrapper: the request came through Netlify. */
  netlifyFunctionParams?: unknown;
}

const header = (req: AddressedRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

/** An address without port, brackets or zone: `[2001:db8::1]:443` → `2001:db8::1`. */
function bareAddress(value: string): string {
  let text = value.trim();
  const bracketed = text.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) text = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.replace(/:\d+$/, "");
  return text.replace(/%.*$/, "");
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.replace(v4[1], `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The rate-limit key of an address: IPv4 as is, IPv6 as its /64 (IPv4-mapped ones as IPv4). */
export function rateKey(address: string): string {
  const bare = bareAddress(address);
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare.slice(0, 100) || "unknown";
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

export function clientAddress(req: AddressedRequest, config: ConsultationConfig): string {
  const hostHeader =
    config.clientIpHeader ?? (req.netlifyFunctionParams ? NETLIFY_CLIENT_IP_HEADER : undefined);
  const fromHost = hostHeader ? header(req, hostHeader)?.trim() : undefined;
  if (fromHost) return fromHost;

  const socket = req.socket?.remoteAddress || req.ip || undefined;
  if (config.trustedHops > 0) {
    const forwarded = (header(req, "x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // The hops, nearest last: the socket's peer is the first trusted proxy.
    const chain = socket ? [...forwarded, socket] : forwarded;
    const client = chain[chain.length - 1 - config.trustedHops] ?? chain[0];
    if (client) return client;
  }
  return socket ?? "unknown";
}
