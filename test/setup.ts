import "@testing-library/jest-dom";
import { TEST_FORM_SECRET } from "./consultation";

// The consultation function signs form tokens with this in every test that reads process.env.
process.env.CONSULTATION_SECRET ??= TEST_FORM_SECRET;
