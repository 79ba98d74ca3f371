/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onPath, preflight, SYSTEM_PARTS, type Host, type SystemPart } from "../preflight";

/**
 * The check of `npm test` and `npm run bench`, with the machine stood in for: each part's probe
 * reads a set of what is "installed", and the installer adds to that set (no apt-get runs here).
 */

function machine(installed: string[], host: Partial<Host> = {}) {
  const present = new Set(installed);
  const log: string[] = [];
  const installs: string[][] = [];
  const part = (name: string, debianPackage: string, neededBy: SystemPart["neededBy"]): SystemPart => ({
    name,
    why: `the ${name} tests use it`,
    debianPackage,
    elsewhere: `put ${name} on PATH`,
    neededBy,
    find: () =>
      present.has(debianPackage)
        ? { found: true, where: `/usr/bin/${name}` }
        : { found: false, problem: `no /usr/bin/${name}` },
  });
  const parts = [
    part("chromium", "chromium", ["test", "bench"]),
    part("initdb", "postgresql", ["test"]),
    part("java", "default-jre-headless", ["test"]),
    part("openssl", "openssl", ["bench"]),
  ];
  const fullHost: Host = {
    isRoot: true,
    hasAptGet: true,
    hasSudo: false,
    install: (packages) => {
      installs.push(packages);
      packages.forEach((p) => present.add(p));
      return true;
    },
    log: (text) => log.push(text),
    ...host,
  };
  return { parts, host: fullHost, log, installs, present };
}

test("present: nothing is installed and the run goes on", () => {
  const m = machine(["chromium", "postgresql", "default-jre-headless"]);
  expect(preflight("test", m.parts, m.host)).toEqual({ ok: true, installed: [] });
  expect(m.installs).toEqual([]);
  expect(m.log.join("\n")).toMatch(/found chromium \(\/usr\/bin\/chromium\), initdb .*, java /);
});

test("each command is checked for its own parts only", () => {
  const m = machine(["chromium", "openssl"]);
  expect(preflight("bench", m.parts, m.host)).toEqual({ ok: true, installed: [] });
  expect(m.installs).toEqual([]);
});

test("missing, can install: as root with apt-get, says what and why, installs only what is missing, goes on", () => {
  const m = machine(["chromium"]);
  expect(preflight("test", m.parts, m.host)).toEqual({
    ok: true,
    installed: ["postgresql", "default-jre-headless"],
  });
  expect(m.installs).toEqual([["postgresql", "default-jre-headless"]]);
  const said = m.log.join("\n");
  expect(said).toContain("npm test needs system parts this machine lacks");
  expect(said).toContain("initdb, because the initdb tests use it: no /usr/bin/initdb");
  expect(said).toContain("java, because the java tests use it: no /usr/bin/java");
  expect(said).not.toContain("chromium, because");
  expect(said).toContain("installing them now: postgresql default-jre-headless");
});

test("missing, can install, but the install leaves it missing: stops and says what is still missing", () => {
  const m = machine([], { install: (packages) => (m.installs.push(packages), true) });
  const result = preflight("bench", m.parts, m.host);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.message).toMatch(/still missing:\n {2}- chromium.*\n {2}- openssl/);
});

test("missing, can install, but apt-get fails: stops and says so", () => {
  const m = machine(["chromium", "postgresql"], { install: () => false });
  const result = preflight("test", m.parts, m.host);
  expect(!result.ok && result.message).toContain("apt-get could not install default-jre-headless");
});

test("missing, cannot install (not root): stops before installing and names the exact command", () => {
  const m = machine([], { isRoot: false, hasSudo: true });
  const result = preflight("test", m.parts, m.host);
  expect(m.installs).toEqual([]);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.message).toContain("npm test installs them itself only when run as root");
  expect(!result.ok && result.message).toContain(
    "sudo apt-get update && sudo apt-get install -y chromium postgresql default-jre-headless",
  );
});

test("missing, cannot install (not root, no sudo): the command runs through su", () => {
  const m = machine(["chromium", "postgresql", "default-jre-headless"], { isRoot: false });
  const result = preflight("bench", m.parts, m.host);
  expect(!result.ok && result.message).toContain("su -c 'apt-get update && apt-get install -y openssl'");
  expect(!result.ok && result.message).toContain("npm run bench needs a system part this machine lacks");
});

test("missing, cannot install (no apt-get): says what to set instead", () => {
  const m = machine([], { hasAptGet: false });
  const result = preflight("test", m.parts, m.host);
  expect(m.installs).toEqual([]);
  expect(!result.ok && result.message).toContain("This machine has no apt-get");
  expect(!result.ok && result.message).toContain("  - put chromium on PATH");
});

describe("the real parts, with their overrides", () => {
  const saved = { ...process.env };
  let empty: string;
  beforeEach(() => {
    empty = fs.mkdtempSync(path.join(os.tmpdir(), "preflight-"));
  });
  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(empty, { recursive: true, force: true });
  });

  const root: Host = { isRoot: true, hasAptGet: true, hasSudo: false, install: () => true, log: () => {} };

  test("PG_BIN pointing at an empty folder is missing, and is not installed over", () => {
    process.env.PG_BIN = empty;
    const postgres = SYSTEM_PARTS.filter((p) => p.debianPackage === "postgresql");
    const install = jest.fn(() => true);
    const result = preflight("test", postgres, { ...root, install });
    expect(install).not.toHaveBeenCalled();
    expect(!result.ok && result.message).toContain(`no initdb and pg_ctl in PG_BIN=${empty}`);
    expect(!result.ok && result.message).toContain(
      "unset PG_BIN; apt-get update && apt-get install -y postgresql",
    );
  });

  test("PG_BIN pointing at a folder with initdb and pg_ctl is present", () => {
    for (const f of ["initdb", "pg_ctl"])
      fs.writeFileSync(path.join(empty, f), "#!/bin/sh\n", { mode: 0o755 });
    process.env.PG_BIN = empty;
    const postgres = SYSTEM_PARTS.filter((p) => p.debianPackage === "postgresql");
    expect(preflight("test", postgres, root)).toEqual({ ok: true, installed: [] });
  });

  test("MINIBROWSER_PATH pointing at nothing is missing, and WebKit's package is not installed over it", () => {
    process.env.MINIBROWSER_PATH = path.join(empty, "MiniBrowser");
    const webkit = SYSTEM_PARTS.filter((p) => p.debianPackage === "libwebkit2gtk-4.1-0");
    const install = jest.fn(() => true);
    const result = preflight("test", webkit, { ...root, install });
    expect(install).not.toHaveBeenCalled();
    expect(!result.ok && result.message).toContain(`no program at MINIBROWSER_PATH=${empty}/MiniBrowser`);
    expect(!result.ok && result.message).toContain(
      "unset MINIBROWSER_PATH; apt-get update && apt-get install -y libwebkit2gtk-4.1-0",
    );
    fs.writeFileSync(path.join(empty, "MiniBrowser"), "#!/bin/sh\n", { mode: 0o755 });
    expect(preflight("test", webkit, root)).toEqual({ ok: true, installed: [] });
  });

  test("a program on PATH is found only where it can be run", () => {
    fs.writeFileSync(path.join(empty, "java"), "not a program", { mode: 0o644 });
    expect(onPath("java", empty)).toBeUndefined();
    fs.chmodSync(path.join(empty, "java"), 0o755);
    expect(onPath("java", `/nonexistent${path.delimiter}${empty}`)).toBe(path.join(empty, "java"));
  });
});
