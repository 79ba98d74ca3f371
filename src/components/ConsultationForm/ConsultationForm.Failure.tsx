import * as React from "react";
import { Button } from "../ButtonLink";
import type { Failure as SendFailure } from "./ConsultationForm.api";
import { Actions, Panel } from "./ConsultationForm.styles";

export function failureMessage(failure: SendFailure): string {
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

export interface FailureProps {
  titleId: string;
  heading: "h2" | "h3";
  failure: SendFailure;
  onRetry: () => void;
  /** The request as a prefilled email, and where it goes. */
  mailto: string;
  email: string;
}

/** Why the request was not sent, with a retry and the email fallback; the form stays filled in. */
export const Failure = React.forwardRef<HTMLDivElement, FailureProps>(function Failure(
  { titleId, heading: Heading, failure, onRetry, mailto, email },
  ref,
) {
  return (
    <Panel $tone="error" ref={ref} tabIndex={-1} aria-labelledby={titleId}>
      <Heading id={titleId}>Your request has not been sent</Heading>
      <p>{failureMessage(failure)}</p>
      <Actions>
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
        <a href={mailto}>Email your request to {email} instead</a>
      </Actions>
    </Panel>
  );
});
