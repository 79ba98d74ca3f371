/**
 * Every environment variable the consultation function, its commands (`npm run
 * consultation:resend`, `consultation:prune`, `db:migrate`) and `npm start` read, declared once:
 * its name, its default as an operator reads it, and what it means. config.ts reads them only
 * through `VariableName`, and the table in docs/deploying.md is written from this list (`npm run
 * docs:variables`); a unit test fails when the two differ.
 */
export interface Variable {
  name: string;
  default: string;
  meaning: string;
}

export const VARIABLES = [
  {
    name: "DATABASE_URL",
    default: "(empty: the outbox file)",
    meaning:
      "PostgreSQL for the leads, e.g. `postgres://user:password@host:5432/leads?sslmode=verify-full`. Set it on serverless hosts and wherever more than one server runs. The tables come from `npm run db:migrate`. `postgres://` alone takes everything from the PG* variables.",
  },
  {
    name: "PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD",
    default: "(libpq's)",
    meaning: "libpq's variables, used for whatever DATABASE_URL leaves out (the URL wins where both say).",
  },
  {
    name: "PGSSLMODE, PGSSLROOTCERT, PGSSLCERT, PGSSLKEY, PGAPPNAME",
    default: "(libpq's)",
    meaning:
      "TLS to the database, with libpq's meanings (`require`, `verify-ca`, `verify-full`, `disable`), unless DATABASE_URL sets `sslmode` itself.",
  },
  {
    name: "CONSULTATION_OUTBOX",
    default: "`.data/consultation-requests.ndjson` (serverless: the temporary directory)",
    meaning: "The outbox file, when DATABASE_URL is not set. One server process per file.",
  },
  {
    name: "CONSULTATION_OUTBOX_MAX_BYTES",
    default: "`1073741824` (1 GiB)",
    meaning:
      "The most the outbox file may hold. New requests are kept while it is under 90 % of this, spam while it is under half; past that a lead goes straight to a channel (or is refused if none takes it), and `npm run consultation:prune` makes room.",
  },
  {
    name: "CONSULTATION_RATE_LIMIT",
    default: "`5/600`",
    meaning:
      "Requests per client per window (count/seconds). A client is an IPv4 address or an IPv6 /64, and an IPv6 /48 gets four times the count. Invalid requests have their own allowance (20 times this, at least 100), so they never use up a shared address's.",
  },
  {
    name: "CONSULTATION_CLIENT_IP_HEADER",
    default: "(empty; on Netlify `x-nf-client-connection-ip`)",
    meaning:
      "A header your host itself sets to the client's address. Taken only when it holds an IP address; otherwise the connection's address counts.",
  },
  {
    name: "CONSULTATION_TRUSTED_HOPS",
    default: "`0`",
    meaning: "How many proxies in front of `npm start` append to X-Forwarded-For (`1` behind nginx).",
  },
  {
    name: "CONSULTATION_MIN_FILL_MS",
    default: "`3000`",
    meaning:
      "A request sent sooner than this after the server handed its form a token is spam (measured on the server's clock).",
  },
  {
    name: "CONSULTATION_SECRET",
    default: "(a random secret the store keeps)",
    meaning:
      "Signs the form tokens. Without it the database (or a file beside the outbox) keeps one; set it when instances share no database.",
  },
  {
    name: "CONSULTATION_DEADLINE_MS",
    default: "`4000`",
    meaning:
      "How long a visitor waits at most: the lead is stored first, delivery gets what is left, and what did not go out is re-sent later.",
  },
  {
    name: "SMTP_URL",
    default: "(empty: no email)",
    meaning:
      "The mail server, e.g. `smtps://user:password@smtp.example.com:465` or `smtp://…:587` (STARTTLS). With a user and password over `smtp://`, the server must offer STARTTLS or nothing is sent.",
  },
  {
    name: "SMTP_ALLOW_INSECURE_AUTH",
    default: "`false`",
    meaning:
      "`true` lets the password go without TLS: only for a relay on the same machine or a private network you trust.",
  },
  { name: "CONSULTATION_TO", default: "(empty)", meaning: "Where the email goes (the sales inbox)." },
  { name: "CONSULTATION_FROM", default: "CONSULTATION_TO", meaning: "The email's sender." },
  {
    name: "CONSULTATION_WEBHOOK_URL",
    default: "(empty: no webhook)",
    meaning: "A URL that receives each request as JSON (a CRM, an automation tool).",
  },
  {
    name: "CONSULTATION_WEBHOOK_SECRET",
    default: "(empty: unsigned)",
    meaning: "Signs the webhook: `X-Consultation-Signature` over the timestamp and the body.",
  },
  {
    name: "CONSULTATION_DELIVERY_TIMEOUT_MS",
    default: "`10000`",
    meaning:
      "Time limit of each delivery attempt by the re-send. Within a visitor's request, delivery gets what is left of CONSULTATION_DEADLINE_MS instead.",
  },
  {
    name: "CONSULTATION_DELIVER_AFTER_ANSWER",
    default: "`false` (`npm start` sets `true`)",
    meaning:
      "`true`: once a request is saved, the visitor gets the answer and the email and webhook go out right after it, instead of within the request's time; what does not go out is left to the re-send. Taken only on a long-lived server (never on a serverless runtime, which may be frozen once it has answered).",
  },
  {
    name: "CONSULTATION_RESEND_INTERVAL_MINUTES",
    default: "`5`",
    meaning:
      "`npm start` only: how often it re-sends requests a channel did not take (`0` turns it off; then schedule `npm run consultation:resend`).",
  },
  {
    name: "CONSULTATION_ALERT_AFTER_MINUTES",
    default: "`30`",
    meaning:
      "A lead that has reached no channel this many minutes after it arrived is stuck: the re-send alerts (once per incident, then once more when the leads are delivered again) and `/api/health` answers 503.",
  },
  {
    name: "CONSULTATION_ALERT_WEBHOOK_URL",
    default: "(empty: the log line only)",
    meaning:
      "Where the alert and the \"delivered again\" notice go, as JSON with a `text` line (Slack, Mattermost or Google Chat incoming webhooks show it) and the counts; never a visitor's details. Use a service other than the leads' channels: it is skipped when it is CONSULTATION_WEBHOOK_URL.",
  },
  {
    name: "CONSULTATION_ALERT_TO",
    default: "(empty: no alert email)",
    meaning:
      "An address that gets the same alert by email, through CONSULTATION_ALERT_SMTP_URL. Skipped when it is CONSULTATION_TO on the leads' own mail server (the failing channel).",
  },
  {
    name: "CONSULTATION_ALERT_SMTP_URL",
    default: "SMTP_URL",
    meaning:
      "The mail server of the alert email. Best another one than SMTP_URL's: a server that refuses the leads (an expired password) refuses the alert too. Its own address, CONSULTATION_ALERT_TO, is the sender.",
  },
] as const satisfies readonly Variable[];

/** Each variable name, also those declared together on one line. */
export type VariableName = {
  [K in keyof typeof VARIABLES]: (typeof VARIABLES)[K] extends { name: infer N extends string }
    ? SplitNames<N>
    : never;
}[number];
type SplitNames<S extends string> = S extends `${infer A}, ${infer B}` ? A | SplitNames<B> : S;

/** The reference table of docs/deploying.md. */
export function variablesTable(): string {
  const rows = VARIABLES.map(
    (v) =>
      `| ${v.name
        .split(", ")
        .map((n) => `\`${n}\``)
        .join(", ")} | ${v.default} | ${v.meaning} |`,
  );
  return ["| Variable | Default | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}
