import { consultationRequestSchema } from "../schemas/consultation";
import { validRequest } from "./consultation";

/**
 * Malformed request bodies for the consultation endpoint, as raw text: wrong types, missing fields,
 * huge strings, HTML and script in every field, broken JSON. Deterministic (seeded), so a failure
 * can be reproduced. Shared by the unit fuzz test and the one against `gatsby serve`.
 */

export interface FuzzCase {
  label: string;
  body: string;
  contentType?: string;
}

const SCRIPT = `<script>alert(document.cookie)</script>`;
const IMG = `"><img src=x onerror=alert(1)>`;

/** mulberry32: a tiny seeded PRNG. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG_VALUES: unknown[] = [
  null,
  42,
  -1,
  1.5,
  true,
  false,
  [],
  ["a"],
  {},
  { nested: SCRIPT },
  "",
  " ",
  SCRIPT,
  IMG,
  "\u0000\u0007",
  "x".repeat(6000),
];

export function fuzzBodies(seed = 20251122): FuzzCase[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const base = validRequest({
    formToken: "1.fuzz.fuzz",
    idempotencyKey: "fuzzfuzzfuzzfuzz0000",
  }) as Record<string, unknown>;
  const required = [
    "name",
    "email",
    "service",
    "details",
    "consent",
    "website",
    "startedAt",
    "idempotencyKey",
    "context",
  ];
  const cases: FuzzCase[] = [];
  const json = (label: string, value: unknown) => cases.push({ label, body: JSON.stringify(value) });

  // Every required field missing, one at a time.
  for (const field of required) {
    const { [field]: _omitted, ...rest } = base;
    json(`missing ${field}`, rest);
  }
  // Every field with HTML and script instead of its value.
  for (const field of Object.keys(base)) {
    json(`script in ${field}`, {
      ...base,
      [field]: SCRIPT,
      website: field === "website" ? SCRIPT : "",
      consent: field === "consent" ? SCRIPT : false,
    });
  }
  json("script in every field", Object.fromEntries(Object.keys(base).map((k) => [k, SCRIPT])));
  json("script in every context field", {
    ...base,
    context: { page: `/${IMG}`, service: SCRIPT, industry: IMG, work: SCRIPT, country: SCRIPT },
  });
  json("script as a key", { [SCRIPT]: SCRIPT });
  // Wrong types, field by field.
  for (const field of Object.keys(base)) {
    // Only values the field itself rejects (an empty phone or a "<script>" company name are fine).
    const wrong = WRONG_VALUES.filter(
      (v) => !consultationRequestSchema.safeParse({ ...base, [field]: v }).success,
    );
    const value = pick(wrong);
    json(`${field} = ${JSON.stringify(value)?.slice(0, 20)}`, { ...base, [field]: value });
  }
  // Huge strings: over the field limits, and over the 100 kb body limit.
  for (const field of ["name", "email", "phone", "company", "details"]) {
    json(`huge ${field}`, { ...base, [field]: "A".repeat(field === "details" ? 6000 : 400) });
  }
  json("body over 100 kb", { ...base, details: "B".repeat(120 * 1024) });
  json(
    "many keys over 100 kb",
    Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, "v".repeat(20)])),
  );
  // Not an object.
  for (const value of [null, 0, "a string", true, [], [base]])
    json(`top-level ${JSON.stringify(value)?.slice(0, 20)}`, value);
  // Broken JSON.
  for (const [label, body] of [
    ["truncated", JSON.stringify(base).slice(0, 40)],
    ["single quotes", "{'name': 'Ada'}"],
    ["trailing comma", '{"name": "Ada",}'],
    ["empty", ""],
    ["whitespace", "   "],
    ["html", `<html>${SCRIPT}</html>`],
    ["NaN", '{"startedAt": NaN}'],
    ["unterminated string", '{"name": "Ada'],
    ["binary", "\u0000\u0001\u0002\u00ff"],
    ["deep nesting", "[".repeat(5000) + "]".repeat(5000)],
  ] as const) {
    cases.push({ label: `invalid JSON: ${label}`, body });
  }
  // Wrong content types.
  cases.push({
    label: "form-encoded",
    body: "name=Ada&email=ada%40example.com",
    contentType: "application/x-www-form-urlencoded",
  });
  cases.push({ label: "text/plain JSON", body: JSON.stringify(base), contentType: "text/plain" });
  cases.push({ label: "text/html", body: SCRIPT, contentType: "text/html" });
  // Random mutations: several fields at once replaced with wrong values.
  for (let i = 0; i < 20; i++) {
    const mutated: Record<string, unknown> = { ...base };
    const fields = Object.keys(base);
    const count = 1 + Math.floor(random() * 4);
    for (let j = 0; j < count; j++) mutated[pick(fields)] = pick(WRONG_VALUES);
    // Keep at least one mutation that is certainly invalid.
    mutated.consent = pick([false, "yes", 1, null]);
    json(`random mutation ${i + 1}`, mutated);
  }
  return cases;
}
