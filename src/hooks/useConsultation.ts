import { useSiteData } from "./useSiteData";
import { pagePath } from "../../shared/routes";

export interface ConsultationCtaText {
  /** Where the form is (/contact). */
  to: string;
  /** The navbar's and the mobile menu's button. */
  label: string;
  /** Buttons that open the form in a dialog. */
  dialogLabel: string;
  /** The closing band's text. */
  pitch: string;
}

/** The consultation calls to action from content/navigation.yaml. */
export function useConsultation(): ConsultationCtaText {
  const data = useSiteData();
  const c = data.navigation?.consultation;
  if (!c) throw new Error("content/navigation.yaml was not loaded");
  return { to: pagePath(c.page.slug), label: c.label, dialogLabel: c.dialogLabel, pitch: c.pitch };
}
