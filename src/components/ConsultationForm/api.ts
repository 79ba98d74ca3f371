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
