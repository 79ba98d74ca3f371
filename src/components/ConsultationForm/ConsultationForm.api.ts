import type { ConsultationRequestInput, FieldErrors } from "../../../schemas/consultation";

export const CONSULTATION_ENDPOINT = "/api/consultation";

/** A visitor waiting this long has waited long enough: show the retry and the email fallback. */
const TIMEOUT_MS = 30_000;

export type Failure =
  | { kind: "network" }
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "rate"; retryAfterSeconds?: number }
  | { kind: "server"; status: number };

export type SendResult = { ok: true; id: string } | { ok: false; failure: Failure };

/** The token the server hands out when a visitor starts the form: it measures the fill time on its own clock. */
export interface FormToken {
  token: string;
  /** When it arrived (this browser's clock): the server counts from about then. */
  receivedAt: number;
  /** How long the server wants a form filled before it is sent. */
  minFillMs: number;
}

/** Asks for a form token; undefined when the server cannot give one (the form can still be sent). */
export async function fetchFormToken(fetchImpl: typeof fetch = fetch): Promise<FormToken | undefined> {
  try {
    const response = await fetchImpl(CONSULTATION_ENDPOINT, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const body = (await response.json()) as { token?: unknown; minFillMs?: unknown };
    if (!response.ok || typeof body.token !== "string") return undefined;
    const minFillMs = typeof body.minFillMs === "number" && body.minFillMs >= 0 ? body.minFillMs : 0;
    return { token: body.token, receivedAt: Date.now(), minFillMs };
  } catch {
    return undefined;
  }
}

/** Resolves once the server's minimum fill time has passed since `token` arrived (at once, usually). */
export const fillTimeElapsed = (token: FormToken): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, token.receivedAt + token.minFillMs - Date.now())));

/** Posts the request; success only when the server has confirmed it with 201 and an id. */
export async function sendConsultation(
  request: ConsultationRequestInput,
  fetchImpl: typeof fetch = fetch,
): Promise<SendResult> {
  let response: Response;
  try {
    const signal = typeof AbortSignal?.timeout === "function" ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
    response = await fetchImpl(CONSULTATION_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
      credentials: "same-origin",
      signal,
    });
  } catch {
    return { ok: false, failure: { kind: "network" } };
  }
  const body = (await response.json().catch(() => undefined)) as
    { id?: unknown; errors?: unknown } | undefined;
  if (response.status === 201 && typeof body?.id === "string") return { ok: true, id: body.id };
  if (response.status === 400 && body?.errors && typeof body.errors === "object") {
    return { ok: false, failure: { kind: "invalid", errors: body.errors as FieldErrors } };
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After"));
    return {
      ok: false,
      failure: {
        kind: "rate",
        retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
      },
    };
  }
  return { ok: false, failure: { kind: "server", status: response.status } };
}
