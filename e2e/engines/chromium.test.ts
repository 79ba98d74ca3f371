import { describe } from "node:test";
import { chromiumDriver } from "./chromium";
import { keyJourneys } from "./suite";

describe("Chromium: the key journeys", () => keyJourneys(chromiumDriver));
