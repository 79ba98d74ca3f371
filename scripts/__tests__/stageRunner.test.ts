/** @jest-environment node */
import { runStage } from "../stageRunner";

/** What a stage printed to this process's stdout while it ran. */
async function printed(run: () => Promise<unknown>): Promise<{ text: string; result: unknown }> {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    const result = await run();
    return { text: chunks.join(""), result };
  } finally {
    spy.mockRestore();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a stage of npm test", () => {
  it("prints its held-back output under its name when it ends, and passes on exit code 0", async () => {
    const { text, result } = await printed(() =>
      runStage({ name: "greeting", command: ["bash", "-c", "echo hello from the stage"] }, false, 60),
    );
    expect(result).toMatchObject({ name: "greeting", ok: true });
    expect(text).toMatch(/== greeting: bash -c echo hello from the stage \(\d+ s\)\n/);
    expect(text).toContain("hello from the stage\n");
  });

  it("fails on a non-zero exit code", async () => {
    const { result } = await printed(() =>
      runStage({ name: "broken", command: ["bash", "-c", "exit 3"] }, false, 60),
    );
    expect(result).toMatchObject({ ok: false });
  });

  it("is stopped past its limit: it fails, prints what it wrote and what was still running, and leaves no process behind", async () => {
    // A stage that never ends, with a process of its own under it (as a test runner holds a browser).
    const script = "echo started; sleep 300 & echo sleeper $!; wait";
    const { text, result } = await printed(() =>
      runStage({ name: "stuck", command: ["bash", "-c", script] }, false, 1),
    );
    expect(result).toMatchObject({ name: "stuck", ok: false });
    expect(text).toContain("started");
    expect(text).toContain("stuck: stopped after 1 s, its limit");
    expect(text).toMatch(/\d+ s {2}bash -c echo started/);
    expect(text).toMatch(/\d+ s {4}sleep 300/);
    const sleeper = Number(text.match(/^sleeper (\d+)$/m)?.[1]);
    expect(sleeper).toBeGreaterThan(0);
    for (let i = 0; i < 50 && alive(sleeper); i++) await new Promise((r) => setTimeout(r, 200));
    expect(alive(sleeper)).toBe(false);
  }, 30_000);
});
