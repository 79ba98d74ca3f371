export { ConsultationForm, TOAST_FAILED, TOAST_SENT, type ConsultationFormProps } from "./ConsultationForm";
