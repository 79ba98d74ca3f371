import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A new empty folder under the system's temp folder, removed once the test file that made it has
 * run (Jest gives each test file its own copy of this module, so the hook below is that file's).
 * For a folder that is only read and written by the test; a test whose folder must outlive the
 * file (a build a later stage serves) makes its own.
 */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}
