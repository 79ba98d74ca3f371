import * as React from "react";
import { useServiceOptions } from "../../hooks/useServiceOptions";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { Button } from "../ButtonLink";
import { Consent } from "./ConsultationForm.Consent";
import { ErrorSummary } from "./ConsultationForm.ErrorSummary";
import { Failure } from "./ConsultationForm.Failure";
import { FormField } from "./ConsultationForm.Field";
import { FIELDS } from "./ConsultationForm.fields";
import * as S from "./ConsultationForm.styles";
import { Success } from "./ConsultationForm.Success";
import { mailtoHref } from "./ConsultationForm.model";
import { useConsultationSubmission } from "./ConsultationForm.submission";

export interface ConsultationFormProps {
  /** The page the form is on; defaults to the browser's location (the modal passes nothing). */
  pathname?: string;
  /** Level of the form's own headings (error summary, confirmation). */
  headingLevel?: 2 | 3;
  /** The toast area the form's toasts go to; the page's own when not set (the dialog passes its own). */
  toastContainerId?: string;
}

/**
 * The free-consultation form, used on /contact and in the layout's consultation modal.
 * Validates with the shared schema before sending; success only once the server answers 201.
 */
export function ConsultationForm({ pathname, headingLevel = 3, toastContainerId }: ConsultationFormProps) {
  const services = useServiceOptions();
  const site = useSiteSettings();
  const formRef = React.useRef<HTMLFormElement>(null);
  const submission = useConsultationSubmission({ pathname, services, toastContainerId, form: formRef });
  const { state, ready, sending, setValue } = submission;
  const uid = React.useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const id = (name: string) => `consultation-${uid}-${name}`;
  const heading = headingLevel === 2 ? "h2" : "h3";

  const honeypot = React.useRef<HTMLInputElement>(null);
  const summaryRef = React.useRef<HTMLDivElement>(null);
  const failureRef = React.useRef<HTMLDivElement>(null);
  const successRef = React.useRef<HTMLDivElement>(null);

  // Each step that reports something moves focus to it; a fresh form focuses its first field.
  // In the commit that shows it (a layout effect): a passive effect runs in a later task, and on a
  // busy phone a screen reader would first hear the summary with focus still on the button.
  React.useLayoutEffect(() => {
    if (!state.focusTick || !state.focus) return;
    const targets = {
      summary: summaryRef.current,
      failure: failureRef.current,
      success: successRef.current,
      form: document.getElementById(id(FIELDS[0].name)),
    };
    targets[state.focus]?.focus();
    // `id` is stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.focusTick, state.focus]);

  const send = () => void submission.submit(honeypot.current?.value ?? "");

  if (state.phase === "sent") {
    return (
      <Success
        ref={successRef}
        titleId={id("sent-title")}
        heading={heading}
        email={state.values.email}
        requestId={state.sentId}
        onStartAgain={submission.startAgain}
      />
    );
  }

  const { values, errors } = state;
  return (
    <S.Form
      ref={formRef}
      method="post"
      noValidate
      aria-describedby={id("note")}
      aria-busy={sending}
      onFocus={submission.prepare}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {Object.keys(errors).length > 0 && (
        <ErrorSummary
          ref={summaryRef}
          titleId={id("summary-title")}
          heading={heading}
          errors={errors}
          fieldId={id}
        />
      )}

      <S.Note id={id("note")}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required. We reply within one working
        day.
      </S.Note>

      {FIELDS.map((spec) => (
        <FormField
          key={spec.name}
          spec={spec}
          id={id(spec.name)}
          value={values[spec.name]}
          error={errors[spec.name]}
          services={services}
          onChange={(value) => setValue(spec.name, value)}
        />
      ))}

      <Consent
        id={id("consent")}
        siteName={site.name}
        checked={values.consent}
        error={errors.consent}
        onChange={(checked) => setValue("consent", checked)}
      />

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
        <Failure
          ref={failureRef}
          titleId={id("failed-title")}
          heading={heading}
          failure={state.failure}
          onRetry={send}
          mailto={mailtoHref(site.email, values, services, submission.pathname || "/")}
          email={site.email}
        />
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
