import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The form token: handed out by `GET /api/consultation` when a visitor starts the form, sent back
 * with the request, so the fill time is measured on the server's clock (a bot cannot claim it
 * opened the form a minute ago). It holds the time it was issued and an HMAC of it; nothing is
 * stored. Signed with CONSULTATION_SECRET, or with the secret the store keeps.
 */

const VERSION = "1";
/** A token older than this is refused (the form asks for a new one and sends again). */
export const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (secret: string, issued: string) =>
  createHmac("sha256", secret).update(`consultation-form:${issued}`).digest("base64url").slice(0, 32);

export function issueFormToken(secret: string, now: number): string {
  const issued = now.toString(36);
  return `${VERSION}.${issued}.${mac(secret, issued)}`;
}

/** How long ago the token was issued, or undefined when it is not one of ours or has expired. */
export function formTokenAge(token: string, secret: string, now: number): number | undefined {
  const [version, issued, signature, ...rest] = token.split(".");
  if (version !== VERSION || !issued || !signature || rest.length) return undefined;
  const expected = Buffer.from(mac(secret, issued));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now - parseInt(issued, 36);
  // Issued in the future (beyond a little clock difference between instances) or too long ago.
  return Number.isFinite(age) && age > -60_000 && age < FORM_TOKEN_TTL_MS ? Math.max(0, age) : undefined;
}
