/** @jest-environment node */
import { onPhone, PRESENTATION_MS } from "../interactions";
import { phone } from "../phones";

describe("onPhone", () => {
  // A click the host answered in 64 ms to its screen: its frame left the main thread 30 ms after
  // the input, 15 ms of which the main thread was running, 5 waiting for a core inside its tasks.
  const run = { hostIndex: 2000, hostMs: 64, committedMs: 30, runningMs: 15, waitingMs: 5 };

  it("stretches the running time by the phone's slowdown, leaves the waits for a core out, and adds one frame to the screen", () => {
    // A host of 2,640 is 2.64 mid-tier phones and 10 low-tier ones.
    expect(onPhone(run, 2640, phone("mid"))).toBeCloseTo(25 + 15 * 1.64 + PRESENTATION_MS);
    expect(onPhone(run, 2640, phone("low"))).toBeCloseTo(25 + 15 * 9 + PRESENTATION_MS);
  });

  it("leaves the host's own screen time out: the figure is the phone's, not the host's compositor's", () => {
    expect(onPhone({ ...run, hostMs: 200 }, 2640, phone("mid"))).toBeCloseTo(
      onPhone(run, 2640, phone("mid")),
    );
  });

  it("runs the main thread faster on a host slower than the phone", () => {
    expect(onPhone(run, 500, phone("mid"))).toBeCloseTo(25 - 15 * 0.5 + PRESENTATION_MS);
  });
});
