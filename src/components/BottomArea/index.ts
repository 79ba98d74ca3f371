export { BottomArea } from "./BottomArea";
