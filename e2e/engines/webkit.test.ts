import { describe } from "node:test";
import { webkitDriver } from "./webkit";
import { keyJourneys } from "./suite";

describe("WebKit: the key journeys", () => keyJourneys(webkitDriver));
