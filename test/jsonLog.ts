/**
 * The lead log (src/server/consultation/log.ts: JSON lines on standard output) as a Jest test
 * reads it: what the process writes to stdout while the test runs is kept, parsed, instead of
 * printed. Lines that are not JSON pass through. Jest's `restoreAllMocks` (or `stop`) ends it.
 */
export interface CapturedLog {
  /** Every JSON line written so far, parsed. */
  readonly lines: Record<string, unknown>[];
  /** The lines about one lead, in order. */
  of(leadId: string): Record<string, unknown>[];
  stop(): void;
}

export function captureJsonLog(): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = jest.spyOn(process.stdout, "write").mockImplementation(((
    chunk: string | Uint8Array,
    ...rest: never[]
  ) => {
    const text = chunk.toString();
    if (!text.startsWith("{")) return write(chunk, ...rest);
    for (const line of text.split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  }) as typeof process.stdout.write);
  return {
    lines,
    of: (leadId) =>
      lines.filter(
        (l) => l.leadId === leadId || (Array.isArray(l.leadIds) && (l.leadIds as string[]).includes(leadId)),
      ),
    stop: () => spy.mockRestore(),
  };
}
