import { describe } from "node:test";
import { firefoxDriver } from "./firefox";
import { keyJourneys } from "./suite";

describe("Firefox: the key journeys", () => keyJourneys(firefoxDriver));
