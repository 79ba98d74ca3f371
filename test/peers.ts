import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Real protocol peers on loopback for delivery tests: an SMTP server and a webhook receiver. */

export interface ReceivedMail {
  from?: string;
  to: string[];
  raw: string;
  /** The raw message with folded headers unfolded and quoted-printable undone (UTF-8). */
  text: string;
}

const readable = (raw: Buffer): string =>
  Buffer.from(
    raw
      .toString("latin1")
      .replace(/\r\n[ \t]+/g, " ")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

export interface SmtpPeer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /**
   * Errors of the connections it served (a client that hung up in the middle of a message): kept
   * here for a test to look at. smtp-server emits them as "error" events, and an event nobody
   * listens to would end the test process instead.
   */
  connectionErrors: Error[];
  stop(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 (on `port`, or a free one). No TLS, no authentication. */
export async function startSmtp(port = 0): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: raw.toString("utf8"),
          text: readable(raw),
        });
        callback();
      });
    },
  });
  const connectionErrors: Error[] = [];
  server.on("error", (error) => connectionErrors.push(error));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    connectionErrors,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WebhookCall {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookPeer {
  url: string;
  calls: WebhookCall[];
  /** The status the receiver answers with (200 unless a test changes it). */
  status: number;
  stop(): Promise<void>;
}

export async function startWebhook(): Promise<WebhookPeer> {
  const peer: WebhookPeer = { url: "", calls: [], status: 200, stop: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body);
      } catch {
        // recorded as is
      }
      peer.calls.push({ headers: req.headers, body, json });
      res.writeHead(peer.status, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
  peer.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

export interface ScriptPeer {
  /** The peer's origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** The path and query of every request it got, in order. */
  requests: string[];
  stop(): Promise<void>;
}

/**
 * A third party's script host on loopback (gtag.js's stand-in): answers any path with `body` as
 * JavaScript, cacheable for 15 minutes as Google's is, and records what was asked.
 */
export async function startScriptPeer(body: string): Promise<ScriptPeer> {
  const peer: ScriptPeer = { origin: "", requests: [], stop: async () => undefined };
  const server = http.createServer((req, res) => {
    peer.requests.push(req.url ?? "");
    res.writeHead(200, {
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "private, max-age=900",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
