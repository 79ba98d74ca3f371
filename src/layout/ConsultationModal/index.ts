// The layout imports this folder lazily (React.lazy), so the form is a chunk of its own.
export { default } from "./ConsultationModal";
