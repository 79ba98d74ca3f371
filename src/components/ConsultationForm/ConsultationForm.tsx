import * as React from "react";
import { toast } from "react-toastify";
import {
  BUDGETS,
  CONSULTATION_LIMITS,
  formatCount,
  NOT_SURE,
  NOT_SURE_LABEL,
} from "../../../schemas/consultation";
import { useServiceOptions } from "../../hooks/useServiceOptions";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { Button } from "../ButtonLink";
import { sendConsultation, type Failure } from "./api";
import { clearDraft, loadDraft, saveDraft, savedCountry } from "./draft";
import { Field, FieldError } from "./ConsultationForm.Field";
import * as S from "./ConsultationForm.styles";
import { initialState, reducer } from "./formState";
import {
  buildContext,
  buildRequest,
  contentFingerprint,
  emptyValues,
  initialService,
  mailtoHref,
  newIdempotencyKey,
  validate,
  type FieldName,
  type FormValues,
} from "./model";

export interface ConsultationFormProps {
  /** The page the form is on; defaults to the browser's location (the modal passes nothing). */
  pathname?: string;
  /** Level of the form's own headings (error summary, confirmation). */
  headingLevel?: 2 | 3;
  /** The toast area the form's toasts go to; the page's own when not set (the dialog passes its own). */
  toastContainerId?: string;
}

const FIELD_LABELS: Record<FieldName, string> = {
  name: "Full name",
  email: "Work email",
  phone: "Phone",
  company: "Company",
  service: "Service of interest",
  budget: "Budget range",
  details: "Project details",
  consent: "Consent to be contacted",
};

export const TOAST_SENT = "Thank you! Your consultation request has been sent.";
export const TOAST_FAILED = "Your request was not sent. Everything you wrote is still in the form.";

function failureMessage(failure: Failure): string {
  switch (failure.kind) {
    case "network":
      return "We could not reach our server, so your request has not been sent yet. Check your connection and try again.";
    case "server":
      return `Our server could not take your request just now (error ${failure.status}), so it has not been sent yet. Please try again in a moment.`;
    case "rate": {
      const minutes = failure.retryAfterSeconds ? Math.ceil(failure.retryAfterSeconds / 60) : undefined;
      return `You have sent several requests in a short time. Please wait ${
        minutes ? `${minutes} minute${minutes === 1 ? "" : "s"}` : "a few minutes"
      } and try again.`;
    }
    case "invalid":
      return "Our server could not accept some of your answers: please check the messages above and try again.";
  }
}

interface Meta {
  startedAt: number;
  key: string;
  fingerprint?: string;
}

/**
 * The free-consultation form, used on /contact and in the layout's consultation modal.
 * Validates with the shared schema before sending; success only once the server answers 201.
 */
export function ConsultationForm({
  pathname: pathnameProp,
  headingLevel = 3,
  toastContainerId,
}: ConsultationFormProps) {
  const services = useServiceOptions();
  const site = useSiteSettings();
  const uid = React.useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const id = (name: string) => `consultation-${uid}-${name}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const [pathname, setPathname] = React.useState(pathnameProp ?? "");
  const [state, dispatch] = React.useReducer(reducer, undefined, () =>
    initialState(emptyValues(initialService(pathnameProp ?? "", services))),
  );
  const [ready, setReady] = React.useState(false);
  const meta = React.useRef<Meta>({ startedAt: 0, key: "" });
  const honeypot = React.useRef<HTMLInputElement>(null);
  const summaryRef = React.useRef<HTMLDivElement>(null);
  const failureRef = React.useRef<HTMLDivElement>(null);
  const successRef = React.useRef<HTMLDivElement>(null);
  const firstFieldRef = React.useRef<HTMLInputElement>(null);

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

  React.useEffect(() => {
    if (!state.focusTick) return;
    const targets = { summary: summaryRef, failure: failureRef, success: successRef, form: firstFieldRef };
    if (state.focus) targets[state.focus].current?.focus();
  }, [state.focusTick, state.focus]);

  const sending = state.phase === "sending";

  const change =
    (field: FieldName) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value =
        field === "consent" ? (event.target as HTMLInputElement).checked : (event.target.value as string);
      const next = { ...state.values, [field]: value } as FormValues;
      const error = state.errors[field] !== undefined ? (validate(next, services)[field] ?? null) : undefined;
      dispatch({ type: "change", field, value, error });
    };

  async function submit() {
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
        website: honeypot.current?.value ?? "",
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

  function focusField(event: React.MouseEvent<HTMLAnchorElement>, field: string) {
    const target = document.getElementById(id(field));
    if (!target) return;
    // Focus the field itself (a plain #anchor would only scroll, and would change the URL).
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: "center" });
  }

  if (state.phase === "sent") {
    return (
      <S.Panel $tone="success" ref={successRef} tabIndex={-1} aria-labelledby={id("sent-title")}>
        <Heading id={id("sent-title")}>Thank you, we have your request</Heading>
        <p>
          A lead will reply to <strong>{state.values.email}</strong> within one working day to arrange your
          free consultation. Your reference is <strong>{state.sentId?.slice(0, 8).toUpperCase()}</strong>.
        </p>
        <Button type="button" $variant="secondary" onClick={startAgain}>
          Send another request
        </Button>
      </S.Panel>
    );
  }

  const { values, errors } = state;
  const errorEntries = Object.entries(errors);
  const visible = new Set<string>(Object.keys(FIELD_LABELS));
  const mailto = mailtoHref(site.email, values, services, buildContext(pathname || "/", null));

  return (
    <S.Form
      method="post"
      noValidate
      aria-describedby={id("note")}
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {errorEntries.length > 0 && (
        <S.Panel
          $tone="error"
          role="alert"
          ref={summaryRef}
          tabIndex={-1}
          aria-labelledby={id("summary-title")}
        >
          <Heading id={id("summary-title")}>There is a problem with your request</Heading>
          <ul>
            {errorEntries.map(([field, message]) => (
              <li key={field}>
                {visible.has(field) ? (
                  <a href={`#${id(field)}`} onClick={(e) => focusField(e, field)}>
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
        </S.Panel>
      )}

      <S.Note id={id("note")}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required. We reply within one working
        day.
      </S.Note>

      <Field id={id("name")} label={FIELD_LABELS.name} required error={errors.name}>
        {(control) => (
          <S.Input
            {...control}
            ref={firstFieldRef}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={CONSULTATION_LIMITS.nameMax}
            value={values.name}
            onChange={change("name")}
            required
            $invalid={Boolean(errors.name)}
          />
        )}
      </Field>

      <Field id={id("email")} label={FIELD_LABELS.email} required error={errors.email}>
        {(control) => (
          <S.Input
            {...control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={CONSULTATION_LIMITS.emailMax}
            value={values.email}
            onChange={change("email")}
            required
            $invalid={Boolean(errors.email)}
          />
        )}
      </Field>

      <Field
        id={id("phone")}
        label={FIELD_LABELS.phone}
        hint="With your country code, like +44 20 7946 0321"
        error={errors.phone}
      >
        {(control) => (
          <S.Input
            {...control}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={CONSULTATION_LIMITS.phoneMax}
            value={values.phone}
            onChange={change("phone")}
            $invalid={Boolean(errors.phone)}
          />
        )}
      </Field>

      <Field id={id("company")} label={FIELD_LABELS.company} error={errors.company}>
        {(control) => (
          <S.Input
            {...control}
            name="company"
            type="text"
            autoComplete="organization"
            maxLength={CONSULTATION_LIMITS.companyMax}
            value={values.company}
            onChange={change("company")}
            $invalid={Boolean(errors.company)}
          />
        )}
      </Field>

      <Field id={id("service")} label={FIELD_LABELS.service} required error={errors.service}>
        {(control) => (
          <S.Select
            {...control}
            name="service"
            value={values.service}
            onChange={change("service")}
            required
            $invalid={Boolean(errors.service)}
          >
            <option value={NOT_SURE}>{NOT_SURE_LABEL}</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </S.Select>
        )}
      </Field>

      <Field id={id("budget")} label={FIELD_LABELS.budget} error={errors.budget}>
        {(control) => (
          <S.Select
            {...control}
            name="budget"
            value={values.budget}
            onChange={change("budget")}
            $invalid={Boolean(errors.budget)}
          >
            <option value="">Prefer not to say</option>
            {BUDGETS.map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </S.Select>
        )}
      </Field>

      <Field
        id={id("details")}
        label={FIELD_LABELS.details}
        required
        full
        hint={`What you want to build, for whom, and where you are now (${CONSULTATION_LIMITS.detailsMin} to ${formatCount(CONSULTATION_LIMITS.detailsMax)} characters).`}
        error={errors.details}
        after={
          <S.Counter $over={values.details.length > CONSULTATION_LIMITS.detailsMax} aria-hidden="true">
            {formatCount(values.details.length)} / {formatCount(CONSULTATION_LIMITS.detailsMax)}
          </S.Counter>
        }
      >
        {(control) => (
          <S.TextArea
            {...control}
            name="details"
            rows={6}
            value={values.details}
            onChange={change("details")}
            required
            $invalid={Boolean(errors.details)}
          />
        )}
      </Field>

      <S.Consent>
        <input
          id={id("consent")}
          name="consent"
          type="checkbox"
          checked={values.consent}
          onChange={change("consent")}
          required
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${id("consent")}-error` : undefined}
        />
        <S.Label htmlFor={id("consent")}>
          I agree that {site.name} may contact me about this request, as described in the{" "}
          <a href="/privacy" target="_blank" rel="noopener">
            privacy notice (opens in a new tab)
          </a>
          .<S.Required aria-hidden="true">*</S.Required>
        </S.Label>
        {errors.consent && <FieldError id={`${id("consent")}-error`}>{errors.consent}</FieldError>}
      </S.Consent>

      {/* The honeypot. People never see or reach it; bots that fill every field give themselves away. */}
      <S.Trap aria-hidden="true">
        <label htmlFor={id("website")}>Website (leave this empty)</label>
        <input
          id={id("website")}
          ref={honeypot}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </S.Trap>

      {state.phase === "failed" && state.failure && (
        <S.Panel $tone="error" ref={failureRef} tabIndex={-1} aria-labelledby={id("failed-title")}>
          <Heading id={id("failed-title")}>Your request has not been sent</Heading>
          <p>{failureMessage(state.failure)}</p>
          <S.Actions>
            <Button type="button" onClick={() => void submit()}>
              Try again
            </Button>
            <a href={mailto}>Email your request to {site.email} instead</a>
          </S.Actions>
        </S.Panel>
      )}

      <S.Actions>
        <Button type="submit" disabled={sending || !ready}>
          {sending ? "Sending your request…" : "Book my free consultation"}
        </Button>
        <span role="status" className="visually-hidden">
          {sending ? "Sending your request, please wait." : ""}
        </span>
      </S.Actions>

      <noscript>
        <S.Full>
          This form needs JavaScript. Email us at <a href={`mailto:${site.email}`}>{site.email}</a> or call{" "}
          {site.phone} instead.
        </S.Full>
      </noscript>
    </S.Form>
  );
}
