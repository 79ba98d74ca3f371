import "@testing-library/jest-dom";
import { configure } from "@testing-library/dom";
import { TEST_FORM_SECRET } from "./consultation";

// The consultation function signs form tokens with this in every test that reads process.env.
process.env.CONSULTATION_SECRET ??= TEST_FORM_SECRET;

// npm test runs the unit tests beside a Gatsby build and three browsers: on a loaded host a
// component's idle-time work (the analytics tag's loader) came after Testing Library's default
// 1 s of `waitFor`. A wait for something that never comes still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });
