import * as React from "react";
import { Button } from "../ButtonLink";
import { Panel } from "./ConsultationForm.styles";

export interface SuccessProps {
  titleId: string;
  heading: "h2" | "h3";
  /** Where the reply goes. */
  email: string;
  /** The id the server gave the request. */
  requestId?: string;
  onStartAgain: () => void;
}

/** The confirmation that replaces the form once the server has stored the request. */
export const Success = React.forwardRef<HTMLDivElement, SuccessProps>(function Success(
  { titleId, heading: Heading, email, requestId, onStartAgain },
  ref,
) {
  return (
    <Panel $tone="success" ref={ref} tabIndex={-1} aria-labelledby={titleId}>
      <Heading id={titleId}>Thank you, we have your request</Heading>
      <p>
        A lead will reply to <strong>{email}</strong> within one working day to arrange your free
        consultation. Your reference is <strong>{requestId?.slice(0, 8).toUpperCase()}</strong>.
      </p>
      <Button type="button" $variant="secondary" onClick={onStartAgain}>
        Send another request
      </Button>
    </Panel>
  );
});
