import { isIP, isIPv4, isIPv6 } from "node:net";
import { NETLIFY_CLIENT_IP_HEADER, type ConsultationConfig, type RateLimit } from "./config";
import { WIDER_NETWORK_FACTOR, type RateKey } from "./rateLimit";

/**
 * Who a request comes from, for the rate limit. Only what the host vouches for is used, and only
 * when it is an IP address (anything else would let a client name a new bucket per request):
 *
 * 1. a header the host itself sets to the client's address (CONSULTATION_CLIENT_IP_HEADER;
 *    Netlify's `x-nf-client-connection-ip` when running on Netlify);
 * 2. otherwise X-Forwarded-For, read through CONSULTATION_TRUSTED_HOPS proxies: each trusted
 *    proxy appends the address it received the request from, so the client is the entry the
 *    outermost trusted proxy added; entries to its left could be anything the client sent;
 * 3. otherwise the socket's address.
 *
 * IPv6 addresses are keyed by their /64, the block one subscriber usually gets, and by their /48
 * with a wider allowance, so a visitor cannot rotate through the /64s of their own network.
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

/** The address in `value`, or undefined when it holds none. */
export function validAddress(value: string | undefined): string | undefined {
  if (!value || value.length > 100) return undefined;
  const bare = bareAddress(value);
  return isIP(bare) ? bare : undefined;
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

const prefix = (groups: number[], count: number, bits: number) =>
  `${groups
    .slice(0, count)
    .map((g) => g.toString(16))
    .join(":")}::/${bits}`;

/** The keys an address is counted under: IPv4 as is; IPv6 by its /64 and its /48 (IPv4-mapped as IPv4). */
export function rateKeys(address: string, limit: RateLimit, namespace = ""): RateKey[] {
  const bare = bareAddress(address);
  const key = (k: string, max = limit.max): RateKey => ({ key: `${namespace}${k}`, max });
  if (isIPv4(bare)) return [key(bare)];
  if (!isIPv6(bare)) return [key("unknown")];
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [key([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join("."))];
  return [key(prefix(groups, 4, 64)), key(prefix(groups, 3, 48), limit.max * WIDER_NETWORK_FACTOR)];
}

/** The rate-limit key of an address's smallest block (for messages and tests). */
export const rateKey = (address: string): string => rateKeys(address, { max: 1, windowMs: 1 })[0].key;

export function clientAddress(req: AddressedRequest, config: ConsultationConfig): string {
  const hostHeader =
    config.clientIpHeader ?? (req.netlifyFunctionParams ? NETLIFY_CLIENT_IP_HEADER : undefined);
  const fromHost = hostHeader ? validAddress(header(req, hostHeader)) : undefined;
  if (fromHost) return fromHost;

  const socket = validAddress(req.socket?.remoteAddress) ?? validAddress(req.ip);
  if (config.trustedHops > 0) {
    const forwarded = (header(req, "x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // The hops, nearest last: the socket's peer is the first trusted proxy.
    const chain = socket ? [...forwarded, socket] : forwarded;
    const client = validAddress(chain[chain.length - 1 - config.trustedHops] ?? chain[0]);
    if (client) return client;
  }
  return socket ?? "unknown";
}
