import * as React from "react";
import { toast } from "react-toastify";
import { sendConsultation } from "./api";
import { clearDraft, loadDraft, saveDraft, savedCountry } from "./draft";
import { initialState, reducer, type FormState } from "./formState";
import {
  buildContext,
  buildRequest,
  contentFingerprint,
  emptyValues,
  initialService,
  newIdempotencyKey,
  validate,
  type FieldName,
  type FormValues,
  type ServiceOption,
} from "./model";

export const TOAST_SENT = "Thank you! Your consultation request has been sent.";
export const TOAST_FAILED = "Your request was not sent. Everything you wrote is still in the form.";

/** What the server needs besides the values: when the form opened, and the retry key. */
interface Meta {
  startedAt: number;
  key: string;
  /** What the key was last sent with; a retry of the same content keeps the key. */
  fingerprint?: string;
}

export interface ConsultationSubmission {
  state: FormState;
  /** The page the form is on (known after hydration when not given). */
  pathname: string;
  /** False until the draft has been read after hydration; the form does not send before. */
  ready: boolean;
  sending: boolean;
  setValue: (field: FieldName, value: string | boolean) => void;
  /** Validates and sends; `website` is the honeypot's value. Also the retry. */
  submit: (website: string) => Promise<void>;
  /** After a success: an empty form with a new start time and key. */
  startAgain: () => void;
}

/**
 * The form's bookkeeping: the values (in the state machine of formState.ts), the draft kept in
 * sessionStorage, the idempotency key that makes a retry count once, the time the form opened
 * (the server's spam check), and the toasts that report the result.
 */
export function useConsultationSubmission({
  pathname: pathnameProp,
  services,
  toastContainerId,
}: {
  pathname?: string;
  services: readonly ServiceOption[];
  toastContainerId?: string;
}): ConsultationSubmission {
  const [pathname, setPathname] = React.useState(pathnameProp ?? "");
  const [state, dispatch] = React.useReducer(reducer, undefined, () =>
    initialState(emptyValues(initialService(pathnameProp ?? "", services))),
  );
  const [ready, setReady] = React.useState(false);
  const meta = React.useRef<Meta>({ startedAt: 0, key: "" });

  // After hydration: where we are, and the draft a reload would otherwise have lost.
  React.useEffect(() => {
    const path = pathnameProp ?? window.location.pathname;
    setPathname(path);
    const draft = loadDraft();
    if (draft) {
      meta.current = {
        startedAt: draft.startedAt,
        key: draft.idempotencyKey,
        fingerprint: draft.fingerprint,
      };
      dispatch({ type: "restore", values: draft.values });
    } else {
      meta.current = { startedAt: Date.now(), key: newIdempotencyKey() };
      if (!pathnameProp) dispatch({ type: "restore", values: emptyValues(initialService(path, services)) });
    }
    setReady(true);
    // Runs once: the draft is read when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  React.useEffect(() => {
    if (!ready || state.phase === "sent") return;
    saveDraft({
      values: state.values,
      startedAt: meta.current.startedAt,
      idempotencyKey: meta.current.key,
      fingerprint: meta.current.fingerprint,
    });
  }, [ready, state.values, state.phase]);

  const sending = state.phase === "sending";

  function setValue(field: FieldName, value: string | boolean) {
    const next = { ...state.values, [field]: value } as FormValues;
    // A shown error follows the visitor's fix as they type; new errors wait for the next submit.
    const error = state.errors[field] !== undefined ? (validate(next, services)[field] ?? null) : undefined;
    dispatch({ type: "change", field, value, error });
  }

  async function submit(website: string) {
    if (sending || !ready) return;
    const values = state.values;
    const errors = validate(values, services);
    if (Object.keys(errors).length) {
      dispatch({ type: "invalid", errors });
      return;
    }
    const context = buildContext(pathname || window.location.pathname, savedCountry());
    // A retry of the same content keeps its key (the server then stores it once); new content gets a new one.
    const fingerprint = contentFingerprint(values, context);
    if (meta.current.fingerprint && meta.current.fingerprint !== fingerprint)
      meta.current.key = newIdempotencyKey();
    meta.current.fingerprint = fingerprint;
    saveDraft({ values, startedAt: meta.current.startedAt, idempotencyKey: meta.current.key, fingerprint });

    dispatch({ type: "send" });
    const result = await sendConsultation(
      buildRequest(values, context, {
        website,
        startedAt: meta.current.startedAt,
        sentAt: Date.now(),
        idempotencyKey: meta.current.key,
      }),
    );
    if (result.ok) {
      clearDraft();
      dispatch({ type: "sent", id: result.id });
      toast.success(TOAST_SENT, { toastId: `consultation-sent-${result.id}`, containerId: toastContainerId });
    } else {
      dispatch({ type: "failed", failure: result.failure });
      toast.error(TOAST_FAILED, { toastId: "consultation-failed", containerId: toastContainerId });
    }
  }

  function startAgain() {
    clearDraft();
    meta.current = { startedAt: Date.now(), key: newIdempotencyKey() };
    dispatch({ type: "reset", values: emptyValues(initialService(pathname, services)) });
  }

  return { state, pathname, ready, sending, setValue, submit, startAgain };
}
