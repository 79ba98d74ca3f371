export * from "./Layout";
export { prepareConsultationModal } from "./Layout.ConsultationModal";
