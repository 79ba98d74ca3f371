import type { Failure } from "./ConsultationForm.api";
import type { FieldErrors, FieldName, FormValues } from "./ConsultationForm.model";

/**
 * The form's state machine. Phases: editing -> sending -> sent, or sending -> failed -> sending
 * (retry). Values are never cleared by a failure; only a confirmed success replaces the form.
 * `focus` names what should take focus after the last step (the component moves it).
 */

export type Phase = "editing" | "sending" | "sent" | "failed";

export interface FormState {
  values: FormValues;
  errors: FieldErrors;
  phase: Phase;
  failure?: Failure;
  sentId?: string;
  /** Bumped on every step that should move focus, so the same target can be focused twice. */
  focusTick: number;
  focus?: "summary" | "failure" | "success" | "form";
}

export type Action =
  | { type: "restore"; values: FormValues }
  | { type: "change"; field: FieldName; value: string | boolean; error?: string | null }
  | { type: "invalid"; errors: FieldErrors }
  | { type: "send" }
  | { type: "sent"; id: string }
  | { type: "failed"; failure: Failure }
  | { type: "reset"; values: FormValues };

export const initialState = (values: FormValues): FormState => ({
  values,
  errors: {},
  phase: "editing",
  focusTick: 0,
});

export function reducer(state: FormState, action: Action): FormState {
  switch (action.type) {
    case "restore":
      return state.phase === "editing" ? { ...state, values: action.values } : state;
    case "change": {
      if (state.phase === "sending" || state.phase === "sent") return state;
      const values = { ...state.values, [action.field]: action.value };
      // A shown error is updated as the visitor fixes it; new errors wait for the next submit.
      const errors = { ...state.errors };
      if (errors[action.field] !== undefined) {
        if (action.error) errors[action.field] = action.error;
        else delete errors[action.field];
      }
      return { ...state, values, errors };
    }
    case "invalid":
      return {
        ...state,
        phase: state.phase === "failed" ? "failed" : "editing",
        errors: action.errors,
        focus: "summary",
        focusTick: state.focusTick + 1,
      };
    case "send":
      if (state.phase === "sending" || state.phase === "sent") return state;
      return { ...state, phase: "sending", errors: {}, failure: undefined };
    case "sent":
      return { ...state, phase: "sent", sentId: action.id, focus: "success", focusTick: state.focusTick + 1 };
    case "failed": {
      const errors = action.failure.kind === "invalid" ? action.failure.errors : {};
      return {
        ...state,
        phase: "failed",
        failure: action.failure,
        errors,
        focus: Object.keys(errors).length ? "summary" : "failure",
        focusTick: state.focusTick + 1,
      };
    }
    case "reset":
      return { ...initialState(action.values), focus: "form", focusTick: state.focusTick + 1 };
  }
}
