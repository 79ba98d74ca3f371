import * as React from "react";
import { loadOnce } from "../../lib/loadOnce";
import { showToast } from "../../lib/toasts";
import {
  fetchFormToken,
  fillTimeElapsed,
  sendConsultation,
  type FormToken,
  type SendResult,
} from "./ConsultationForm.api";
import { clearDraft, restore, saveDraft, savedCountry, type Meta } from "./ConsultationForm.draft";
import { initialState, reducer, type FormState } from "./ConsultationForm.state";
import {
  buildRequest,
  contentFingerprint,
  emptyValues,
  initialService,
  newIdempotencyKey,
  type FieldName,
  type FormValues,
  type ServiceOption,
} from "./ConsultationForm.model";

type Validation = typeof import("./ConsultationForm.validation");

let loadedValidation: Validation | undefined;

/**
 * The schema's checks (zod) and react-toastify are not part of the page's first load: a visitor
 * who only reads the page never runs them (ADR 0009). The form asks for the checks when it first
 * gets focus, and waits for them when it is sent. A load that failed (offline) is tried again.
 */
const loadValidation = loadOnce<Validation>(() =>
  import("./ConsultationForm.validation").then((module) => (loadedValidation = module)),
);

const subscribeToNothing = () => () => undefined;
const inTheBrowser = () => false;
const fromServerHtml = () => true;

export const TOAST_SENT = "Thank you! Your consultation request has been sent.";
export const TOAST_FAILED = "Your request was not sent. Everything you wrote is still in the form.";

export interface ConsultationSubmission {
  state: FormState;
  /** The page the form is on (known after hydration when not given). */
  pathname: string;
  /** False until the draft has been read after hydration; the form does not send before. */
  ready: boolean;
  sending: boolean;
  setValue: (field: FieldName, value: string | boolean) => void;
  /** Starts loading the checks; the form calls it when it first gets focus. */
  prepare: () => void;
  /** Validates and sends; `website` is the honeypot's value. Also the retry. */
  submit: (website: string) => Promise<void>;
  /** After a success: an empty form with a new token and key. */
  startAgain: () => void;
}

/**
 * The form's bookkeeping: the values (in the state machine of ConsultationForm.state.ts), the draft kept in
 * sessionStorage, the idempotency key that makes a retry count once, the form token the server
 * hands out when the visitor starts (it measures the fill time on its own clock, for its spam
 * check), and the toasts that report the result.
 */
export function useConsultationSubmission({
  pathname: pathnameProp,
  services,
  toastContainerId,
  form,
}: {
  pathname?: string;
  services: readonly ServiceOption[];
  toastContainerId?: string;
  /** The form element: what was typed into it before hydration is kept. */
  form: React.RefObject<HTMLFormElement>;
}): ConsultationSubmission {
  // Rendered from the server's HTML (the /contact page's form, hydrating) or mounted in the browser
  // after it (the modal's). Only a hydrating form must first render what the server rendered.
  const hydrating = React.useSyncExternalStore(subscribeToNothing, inTheBrowser, fromServerHtml);
  // A form mounted in the browser reads its draft in its first render: no second render of the
  // whole form just after it opens (on a phone's CPU that render delayed the dialog's next frame).
  const [restored] = React.useState(() => (hydrating ? undefined : restore(pathnameProp, services, null)));
  const [pathname, setPathname] = React.useState(restored?.pathname ?? pathnameProp ?? "");
  const [state, dispatch] = React.useReducer(reducer, undefined, () =>
    initialState(restored?.values ?? emptyValues(initialService(pathnameProp ?? "", services))),
  );
  const [ready, setReady] = React.useState(restored !== undefined);
  const meta = React.useRef<Meta>(restored?.meta ?? { key: "" });
  const tokenRequest = React.useRef<Promise<FormToken | undefined> | undefined>(undefined);
  const tokenAsked = React.useRef(false);
  /** True from a submit until it has been sent or stopped: a second click does nothing. */
  const submitting = React.useRef(false);

  // After hydration: where we are, the draft a reload would otherwise have lost, and what the
  // visitor typed before the script ran (on top: it is what they see).
  React.useEffect(() => {
    if (restored) return;
    const found = restore(pathnameProp, services, { form: form.current, rendered: state.values });
    setPathname(found.pathname);
    meta.current = found.meta;
    dispatch({ type: "restore", values: found.values });
    setReady(true);
    // Runs once, when the form opens: `state` is still the rendered one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The draft follows the form's phase. A sent form has none: cleared here too, because an effect
  // of the "sending" render can still be pending when the answer arrives (a slow phone), and it
  // would otherwise write the draft back after the success cleared it. While sending, the draft
  // was written just before the request (with its key) and nothing in it can change.
  React.useEffect(() => {
    if (state.phase === "sent") clearDraft();
    if (!ready || state.phase === "sent" || state.phase === "sending") return;
    saveDraft({
      values: state.values,
      formToken: meta.current.token,
      idempotencyKey: meta.current.key,
      fingerprint: meta.current.fingerprint,
    });
  }, [ready, state.values, state.phase]);

  const sending = state.phase === "sending";

  function setValue(field: FieldName, value: string | boolean) {
    const next = { ...state.values, [field]: value } as FormValues;
    // A shown error follows the visitor's fix as they type; new errors wait for the next submit.
    // Errors are shown only after a submit, which loaded the checks.
    const shown = state.errors[field];
    const error =
      shown === undefined || !loadedValidation
        ? shown
        : (loadedValidation.validate(next, services)[field] ?? null);
    dispatch({ type: "change", field, value, error });
  }

  /** The form's token: the one it has, or a new one (one request at a time). */
  function formToken(): Promise<FormToken | undefined> {
    if (meta.current.token) return Promise.resolve(meta.current.token);
    tokenRequest.current ??= fetchFormToken().then((token) => {
      tokenRequest.current = undefined;
      if (token) meta.current.token = token;
      return token;
    });
    return tokenRequest.current;
  }

  /**
   * Sends with the form's token, waiting out the server's minimum fill time if the token is new (a
   * visitor whose first request for one failed). A token the server no longer takes (it expired,
   * or another server signed it) is replaced once and the request sent again, with the same key.
   */
  async function sendWithToken(
    request: (formToken?: string) => ReturnType<typeof buildRequest>,
  ): Promise<SendResult> {
    for (let attempt = 0; ; attempt++) {
      const token = await formToken();
      if (token) await fillTimeElapsed(token);
      const result = await sendConsultation(request(token?.token));
      const refusedToken =
        !result.ok && result.failure.kind === "invalid" && "formToken" in result.failure.errors;
      if (!refusedToken) return result;
      meta.current.token = undefined;
      if (attempt > 0) return { ok: false, failure: { kind: "server", status: 400 } };
    }
  }

  async function submit(website: string) {
    if (sending || !ready || submitting.current) return;
    submitting.current = true;
    try {
      await validateAndSend(website);
    } finally {
      submitting.current = false;
    }
  }

  async function validateAndSend(website: string) {
    let checks: Validation;
    try {
      checks = await loadValidation();
    } catch {
      dispatch({ type: "failed", failure: { kind: "network" } });
      return;
    }
    const values = state.values;
    const errors = checks.validate(values, services);
    if (Object.keys(errors).length) {
      dispatch({ type: "invalid", errors });
      return;
    }
    const context = checks.buildContext(pathname || window.location.pathname, savedCountry());
    // A retry of the same content keeps its key (the server then stores it once); new content gets a new one.
    const fingerprint = contentFingerprint(values, context);
    if (meta.current.fingerprint && meta.current.fingerprint !== fingerprint)
      meta.current.key = newIdempotencyKey();
    meta.current.fingerprint = fingerprint;
    saveDraft({ values, formToken: meta.current.token, idempotencyKey: meta.current.key, fingerprint });

    dispatch({ type: "send" });
    const result = await sendWithToken((formToken) =>
      buildRequest(values, context, { website, formToken, idempotencyKey: meta.current.key }),
    );
    if (result.ok) {
      clearDraft();
      dispatch({ type: "sent", id: result.id });
      showToast("success", TOAST_SENT, {
        toastId: `consultation-sent-${result.id}`,
        containerId: toastContainerId,
      });
    } else {
      dispatch({ type: "failed", failure: result.failure });
      showToast("error", TOAST_FAILED, { toastId: "consultation-failed", containerId: toastContainerId });
    }
  }

  function startAgain() {
    clearDraft();
    meta.current = { key: newIdempotencyKey() };
    void formToken();
    dispatch({ type: "reset", values: emptyValues(initialService(pathname, services)) });
  }

  /**
   * On first focus: the checks, and the token whose time the server counts from. Asked for once
   * (the form gets focus with every field); if that fails, sending asks again.
   */
  const prepare = () => {
    void loadValidation().catch(() => undefined);
    if (tokenAsked.current) return;
    tokenAsked.current = true;
    void formToken();
  };

  return { state, pathname, ready, sending, setValue, prepare, submit, startAgain };
}
