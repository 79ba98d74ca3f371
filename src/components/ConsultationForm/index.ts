export { ConsultationForm, type ConsultationFormProps } from "./ConsultationForm";
export { TOAST_FAILED, TOAST_SENT } from "./ConsultationForm.submission";
