/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "../config";
import { deliver } from "../delivery";
import { appendRecord, writeFully } from "../file/outboxAppend";
import { readOutbox } from "../file/outboxLines";
import { outboxRecord as record, tempOutbox } from "../../../../test/consultation";

describe("outbox", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("appends one line per snapshot; the last line of an id is its state", async () => {
    await appendRecord(outbox.file, record());
    await appendRecord(outbox.file, record({ id: "r2" }));
    await appendRecord(outbox.file, record({ status: "delivered" }));
    expect(fs.readFileSync(outbox.file, "utf8").split("\n")).toHaveLength(4); // 3 lines + final newline
    const { records } = await readOutbox(outbox.file);
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(records.get("r1")!.status).toBe("delivered");
  });

  test("a missing file is an empty outbox; a line cut short by a crash is skipped, not fatal", async () => {
    expect((await readOutbox(outbox.file)).records.size).toBe(0);
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, '{"id":"half", "fields": {"na');
    const { records, unreadableLines } = await readOutbox(outbox.file, { warn: () => undefined });
    expect([...records.keys()]).toEqual(["r1"]);
    expect(unreadableLines).toBe(1);
  });

  test("the file is readable by its owner only", async () => {
    await appendRecord(outbox.file, record());
    expect(fs.statSync(outbox.file).mode & 0o077).toBe(0);
  });

  test("with nothing configured the record is 'stored': the outbox is the delivery", async () => {
    const next = await deliver(record(), readConfig({ CONSULTATION_OUTBOX: outbox.file }));
    expect(next.status).toBe("stored");
  });
});

describe("outbox after a crash mid-write", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("a torn last line does not swallow the next request: appends start on a fresh line", async () => {
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, '{"id":"torn", "fields": {"na'); // the disk filled up mid-line
    await appendRecord(outbox.file, record({ id: "r2" }));
    const warn = jest.fn();
    const { records, unreadableLines } = await readOutbox(outbox.file, { warn });
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(unreadableLines).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/skipped line 2 of .*: not a complete request/));
  });
});

describe("a large outbox", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeAll(() => (outbox = tempOutbox()));
  afterAll(() => outbox.cleanup());

  test("is read line by line: 1 GiB of snapshots (more than any string can hold) reads back", async () => {
    fs.mkdirSync(path.dirname(outbox.file), { recursive: true });
    const details = "A long project description. ".repeat(170).trim();
    const lines = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify(record({ id: `r${i}`, fields: { ...record().fields, details } })),
    ).join("\n");
    const chunk = Buffer.from(`${lines}\n`);
    const fd = fs.openSync(outbox.file, "w");
    let size = 0;
    while (size < 1024 ** 3) size += fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    await appendRecord(outbox.file, record({ id: "last", status: "failed" }));
    const { records, unreadableLines } = await readOutbox(outbox.file);
    expect(records.size).toBe(51);
    expect(records.get("last")!.status).toBe("failed");
    expect(unreadableLines).toBe(0);
  }, 120_000);
});

describe("short writes and warnings", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("a write the system cuts short is continued until the whole line is written", async () => {
    const written: Buffer[] = [];
    // A file handle whose writes take at most 7 bytes at a time, as a full pipe or a signal can.
    const handle = {
      write: async (data: Buffer, offset: number, length: number) => {
        const bytesWritten = Math.min(7, length);
        written.push(Buffer.from(data.subarray(offset, offset + bytesWritten)));
        return { bytesWritten, buffer: data };
      },
    };
    const line = Buffer.from(`${JSON.stringify(record())}\n`);
    await writeFully(handle as never, line);
    expect(Buffer.concat(written).equals(line)).toBe(true);
  });

  test("a skipped line is reported with its number", async () => {
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, "not json\n");
    await appendRecord(outbox.file, record({ id: "r2" }));
    const warn = jest.fn();
    const { records } = await readOutbox(outbox.file, { warn });
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/skipped line 2 of .*consultation-requests\.ndjson/),
    );
  });
});
