import consultation from "../../../api/consultation";
import { resetProcessStores } from "../stores";
import { fakeRequest, fakeResponse, tempOutbox, withEnv } from "../../../../test/consultation";
import { captureJsonLog, type CapturedLog } from "../../../../test/jsonLog";
import { startSmtp, startWebhook, type SmtpPeer, type WebhookPeer } from "../../../../test/peers";

/**
 * What the endpoint's tests (endpoint.*.test.ts, delivery.*.test.ts) share: POST /api/consultation
 * called the way Gatsby calls it (a request and a response object), each test with a new outbox,
 * a process that has just started (no store kept from the test before) and its own environment.
 * Not a test file (jest.config.js runs *.test.ts(x) only).
 */

/**
 * The endpoint on its own: no delivery channel (the outbox is the delivery), no proxy, no
 * database, and none of the variables by which a serverless host is recognised.
 */
export const OUTBOX_ONLY = {
  SMTP_URL: undefined,
  CONSULTATION_WEBHOOK_URL: undefined,
  CONSULTATION_CLIENT_IP_HEADER: undefined,
  CONSULTATION_TRUSTED_HOPS: undefined,
  CONSULTATION_MIN_FILL_MS: undefined,
  DATABASE_URL: undefined,
  NETLIFY: undefined,
  AWS_LAMBDA_FUNCTION_NAME: undefined,
  LAMBDA_TASK_ROOT: undefined,
  VERCEL: undefined,
  FUNCTION_TARGET: undefined,
  K_SERVICE: undefined,
  FUNCTIONS_WORKER_RUNTIME: undefined,
};

/**
 * Where the email goes and whom it is from, with neither channel configured until a test starts
 * its peer (delivery.test.ts, delivery.commands.test.ts).
 */
export const LEADS_INBOX = {
  CONSULTATION_TO: "leads@copperline.example",
  CONSULTATION_FROM: "Copperline website <website@copperline.example>",
  CONSULTATION_DELIVERY_TIMEOUT_MS: "5000",
  SMTP_URL: undefined,
  CONSULTATION_WEBHOOK_URL: undefined,
  CONSULTATION_WEBHOOK_SECRET: undefined,
};

/** The outbox of the running test: where the endpoint writes, and what it has written. */
export interface TestOutbox {
  readonly file: string;
  lines(): Record<string, unknown>[];
  /** The lead log the test's requests wrote (JSON lines on standard output), kept from the output. */
  readonly log: CapturedLog;
}

/**
 * Installs, for the calling test file, a fresh outbox and the variables `env` sets (over a rate
 * limit no test reaches unless it sets its own) before each test, with `quiet`'s console methods
 * silenced and the lead log captured; after it, the variables, the outbox and the mocks are put back.
 */
export function setUpEndpoint(
  env: Record<string, string | undefined>,
  quiet: ("error" | "warn")[] = ["error"],
): TestOutbox {
  let outbox: ReturnType<typeof tempOutbox>;
  let restoreEnv: () => void;
  let log: CapturedLog;

  beforeEach(async () => {
    await resetProcessStores();
    outbox = tempOutbox();
    restoreEnv = withEnv({ CONSULTATION_OUTBOX: outbox.file, CONSULTATION_RATE_LIMIT: "1000/600", ...env });
    for (const method of quiet) jest.spyOn(console, method).mockImplementation(() => undefined);
    log = captureJsonLog();
  });

  afterEach(() => {
    restoreEnv();
    outbox.cleanup();
    jest.restoreAllMocks();
  });

  return {
    get file() {
      return outbox.file;
    },
    lines: () => outbox.lines(),
    get log() {
      return log;
    },
  };
}

/** The endpoint's answer to `body`, as the response object saw it. */
export async function post(body: unknown, options?: Parameters<typeof fakeRequest>[1]) {
  const res = fakeResponse();
  // The fake objects carry only what the handler reads.
  await consultation(fakeRequest(body, options) as never, res as never);
  return res;
}

/** A request whose answer carries an id (an accepted one): its status and that id. */
export async function postLead(body: unknown) {
  const res = await post(body);
  return { status: res.statusCode, id: (res.json() as { id: string }).id };
}

/**
 * Real protocol peers on 127.0.0.1 for the calling test file, each stopped after the test that
 * started it (call it after `setUpEndpoint`: the environment is put back first, then they stop).
 */
export function setUpPeers() {
  let running: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const peer of running) await peer.stop();
    running = [];
  });
  const started = <T extends { stop(): Promise<void> }>(peer: T): T => {
    running.push(peer);
    return peer;
  };
  return {
    smtp: async (port?: number): Promise<SmtpPeer> => started(await startSmtp(port)),
    webhook: async (): Promise<WebhookPeer> => started(await startWebhook()),
  };
}
