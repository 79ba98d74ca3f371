import { FIELD_ORDER, type FieldName } from "../../../schemas/consultationFacts";
import type { FormToken } from "./ConsultationForm.api";
import {
  emptyValues,
  initialService,
  newIdempotencyKey,
  type FormValues,
  type ServiceOption,
} from "./ConsultationForm.model";

/**
 * The visitor's unsent draft, kept in sessionStorage so a reload (or closing and reopening the
 * modal) loses nothing. Cleared once the server has confirmed the request. Storage can be
 * unavailable (private modes, quotas): then the form simply works without a draft.
 */

export const DRAFT_KEY = "consultation-draft";

export interface Draft {
  values: FormValues;
  /** The form token the server handed out when the visitor started (it measures the fill time from it). */
  formToken?: FormToken;
  idempotencyKey: string;
  /** What the key was last used for, so a retry of the same content reuses it. */
  fingerprint?: string;
}

const storage = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

type TextField = Exclude<FieldName, "consent">;
/** The text fields (every field but the consent box), in the form's order. */
const FIELDS = FIELD_ORDER.filter((f): f is TextField => f !== "consent");

export function loadDraft(): Draft | undefined {
  try {
    const raw = storage()?.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const data = JSON.parse(raw) as Partial<Draft>;
    const v = data.values as Partial<FormValues> | undefined;
    if (!v || typeof data.idempotencyKey !== "string") return undefined;
    if (!FIELDS.every((f) => typeof v[f] === "string") || typeof v.consent !== "boolean") return undefined;
    const token = data.formToken;
    const validToken =
      typeof token?.token === "string" &&
      typeof token.receivedAt === "number" &&
      typeof token.minFillMs === "number";
    return {
      values: v as FormValues,
      formToken: validToken ? token : undefined,
      idempotencyKey: data.idempotencyKey,
      fingerprint: typeof data.fingerprint === "string" ? data.fingerprint : undefined,
    };
  } catch {
    return undefined;
  }
}

/**
 * What the visitor typed into the server-rendered form before the page's script ran: on a slow
 * phone /contact shows its form a few seconds before it hydrates. These are the controls whose
 * value differs from the one rendered (`rendered`); the form takes them into its state, since
 * React would otherwise put the rendered values back on its next render.
 */
export function typedBeforeHydration(
  form: HTMLFormElement | null,
  rendered: FormValues,
): Partial<FormValues> {
  const typed: Partial<FormValues> = {};
  if (!form) return typed;
  for (const name of FIELDS) {
    const control = form.elements.namedItem(name);
    const isControl =
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement;
    if (isControl && control.value !== rendered[name]) typed[name] = control.value;
  }
  const consent = form.elements.namedItem("consent");
  if (consent instanceof HTMLInputElement && consent.checked !== rendered.consent)
    typed.consent = consent.checked;
  return typed;
}

export function saveDraft(draft: Draft): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the draft is a convenience, not a requirement.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // as above
  }
}

/** The visitor's country code saved by the country lookup (localStorage key `country`). */
export function savedCountry(): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem("country");
  } catch {
    return null;
  }
}

/** What the server needs besides the values: the form's token (its fill-time clock), and the retry key. */
export interface Meta {
  token?: FormToken;
  key: string;
  /** What the key was last sent with; a retry of the same content keeps the key. */
  fingerprint?: string;
}

/**
 * Where the form is, its key and token, and its values: the draft's (else empty, with the page's
 * service), under what the visitor typed into the server's HTML before the script ran (`typed`).
 */
export function restore(
  pathnameProp: string | undefined,
  services: readonly ServiceOption[],
  typed: { form: HTMLFormElement | null; rendered: FormValues } | null,
): { pathname: string; meta: Meta; values: FormValues } {
  const pathname = pathnameProp ?? window.location.pathname;
  const draft = loadDraft();
  const meta: Meta = draft
    ? { token: draft.formToken, key: draft.idempotencyKey, fingerprint: draft.fingerprint }
    : { key: newIdempotencyKey() };
  const saved = draft?.values ?? emptyValues(initialService(pathname, services));
  return {
    pathname,
    meta,
    values: { ...saved, ...(typed ? typedBeforeHydration(typed.form, typed.rendered) : {}) },
  };
}
