/**
 * The system parts `npm test` and `npm run bench` need beyond Node and npm, checked before their
 * first stage: this module owns the list. When one is missing, a run as root on a machine with
 * apt-get installs the Debian packages that provide them, saying what and why; anywhere else the
 * run stops at once, naming the command that installs them.
 *
 *   npm run preflight [-- test|bench]   the same check on its own (both commands' parts by default)
 *
 * The lookups are the harness's own (test/harness/chromium.ts, engines.ts, postgres.ts), so
 * `CHROME_PATH`, `FIREFOX_PATH`, `WEBKIT_DRIVER_PATH`, `MINIBROWSER_PATH` and `PG_BIN` count here
 * exactly as they do in the tests. A part whose variable
 * is set but points at nothing is not installed over: installing Debian's package would not
 * change where the tests look.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "../test/harness/chromium";
import { FIREFOX_PATH, miniBrowserPath, WEBKIT_DRIVER_PATH } from "../test/harness/engines";
import { POSTGRES_ROOT, postgresBinCandidate } from "../test/harness/postgres";

export type Command = "test" | "bench";

export type Finding =
  | { found: true; where: string }
  /** `problem`: what was looked for and not found; `override`: the variable that chose where. */
  | { found: false; problem: string; override?: string };

export interface SystemPart {
  /** What it is, for people: "Chromium". */
  name: string;
  /** Why the commands need it. */
  why: string;
  /** The Debian package that provides it. */
  debianPackage: string;
  /** What to do on a machine without apt-get. */
  elsewhere: string;
  neededBy: readonly Command[];
  find(): Finding;
}

const isExecutable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first `name` on PATH that can be run, as `execFile(name)` would find it. */
export function onPath(name: string, searchPath = process.env.PATH ?? ""): string | undefined {
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .find(isExecutable);
}

/** A program at a path a variable may set (`CHROME_PATH`, ...), as the tests look for it. */
const programAt = (file: string | undefined, variable: string, fallback: string) => (): Finding =>
  file && isExecutable(file)
    ? { found: true, where: file }
    : process.env[variable]
      ? { found: false, problem: `no program at ${variable}=${process.env[variable]}`, override: variable }
      : { found: false, problem: `no program at ${file ?? fallback}` };

const programOnPath = (name: string) => (): Finding => {
  const where = onPath(name);
  return where ? { found: true, where } : { found: false, problem: `no \`${name}\` on PATH` };
};

export const SYSTEM_PARTS: readonly SystemPart[] = [
  {
    name: "Chromium",
    why: "the browser tests and the benchmark drive it (Playwright, Lighthouse)",
    debianPackage: "chromium",
    elsewhere: "set CHROME_PATH to a Chromium or Chrome",
    neededBy: ["test", "bench"],
    find: programAt(CHROMIUM_PATH, "CHROME_PATH", CHROMIUM_PATH),
  },
  {
    name: "Firefox ESR",
    why: "the key journeys run in Firefox too (e2e/engines/, Puppeteer over WebDriver BiDi)",
    debianPackage: "firefox-esr",
    elsewhere: "set FIREFOX_PATH to a Firefox (128 or newer)",
    neededBy: ["test"],
    find: programAt(FIREFOX_PATH, "FIREFOX_PATH", FIREFOX_PATH),
  },
  {
    name: "WebKitGTK's WebDriver",
    why: "the key journeys run in WebKit too (e2e/engines/, WebdriverIO over classic WebDriver)",
    debianPackage: "webkit2gtk-driver",
    elsewhere: "set WEBKIT_DRIVER_PATH to WebKitGTK's WebKitWebDriver",
    neededBy: ["test"],
    find: programAt(WEBKIT_DRIVER_PATH, "WEBKIT_DRIVER_PATH", WEBKIT_DRIVER_PATH),
  },
  {
    name: "WebKitGTK's MiniBrowser",
    why: "the browser WebKitWebDriver starts for the key journeys",
    debianPackage: "libwebkit2gtk-4.1-0",
    elsewhere: "set MINIBROWSER_PATH to WebKitGTK's MiniBrowser",
    neededBy: ["test"],
    find: () =>
      programAt(miniBrowserPath(), "MINIBROWSER_PATH", "/usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser")(),
  },
  {
    name: "Xvfb",
    why: "MiniBrowser, WebKit's browser for the key journeys, draws on a virtual display",
    debianPackage: "xvfb",
    elsewhere: "put `Xvfb` on PATH",
    neededBy: ["test"],
    find: programOnPath("Xvfb"),
  },
  {
    name: "PostgreSQL's initdb and pg_ctl",
    why: "the lead-store unit tests start a throwaway server of their own",
    debianPackage: "postgresql",
    elsewhere: "set PG_BIN to the folder holding initdb and pg_ctl (PostgreSQL 13 or newer)",
    neededBy: ["test"],
    find: () => {
      const bin = postgresBinCandidate();
      if (bin && ["initdb", "pg_ctl"].every((f) => isExecutable(path.join(bin, f))))
        return { found: true, where: bin };
      return process.env.PG_BIN
        ? {
            found: false,
            problem: `no initdb and pg_ctl in PG_BIN=${process.env.PG_BIN}`,
            override: "PG_BIN",
          }
        : { found: false, problem: `no ${path.join(POSTGRES_ROOT, "<version>/bin/initdb")}` };
    },
  },
  {
    name: "Java",
    why: "the HTML checker (vnu-jar) of the browser tests runs on it",
    debianPackage: "default-jre-headless",
    elsewhere: "put `java` (11 or newer) on PATH",
    neededBy: ["test"],
    find: programOnPath("java"),
  },
  {
    name: "OpenSSL",
    why: "the mail-credential unit tests and the benchmark's HTTPS stub make throwaway certificates with it",
    debianPackage: "openssl",
    elsewhere: "put `openssl` on PATH",
    neededBy: ["test", "bench"],
    find: programOnPath("openssl"),
  },
];

/** What the check may do on this machine; the unit tests pass their own. */
export interface Host {
  isRoot: boolean;
  hasAptGet: boolean;
  hasSudo: boolean;
  /** Installs Debian packages; false when the installer failed. */
  install(packages: string[]): boolean;
  log(text: string): void;
}

/** Installs with apt-get, non-interactively, as the old `.ci/run` did; never upgrades what is there. */
export function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Waits for another apt or dpkg to finish instead of failing on its lock.
  const lock = ["-o", "DPkg::Lock::Timeout=600"];
  const steps: string[][] = [
    ["update", "-q", ...lock],
    ["install", "-y", "-q", "--no-upgrade", ...lock, ...packages],
  ];
  for (const args of steps) {
    process.stdout.write(`+ apt-get ${args.join(" ")}\n`);
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) return false;
  }
  return true;
}

export const realHost = (): Host => ({
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath("apt-get") !== undefined,
  hasSudo: onPath("sudo") !== undefined,
  install: aptInstall,
  log: (text) => process.stdout.write(`${text}\n`),
});

export type PreflightResult = { ok: true; installed: string[] } | { ok: false; message: string };

const unique = <T>(items: T[]): T[] => [...new Set(items)];

const describe = (part: SystemPart, finding: Finding & { found: false }): string =>
  `  - ${part.name}, because ${part.why}: ${finding.problem}`;

const found = (parts: SystemPart[]): string =>
  parts.map((p) => `${p.name} (${(p.find() as { where: string }).where})`).join(", ");

const NPM: Record<Command, string> = { test: "npm test", bench: "npm run bench" };

/** The exact command that installs `packages` on a Debian machine, for this user. */
export function installCommand(packages: string[], host: Host, overrides: string[] = []): string {
  const apt = `apt-get update && apt-get install -y ${packages.join(" ")}`;
  const asRoot = host.isRoot
    ? apt
    : host.hasSudo
      ? `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`
      : `su -c '${apt}'`;
  return overrides.length ? `unset ${overrides.join(" ")}; ${asRoot}` : asRoot;
}

/**
 * Checks the parts `command` needs; installs the missing ones when it can; returns what to tell
 * the person when it cannot. Never throws for a missing part.
 */
export function preflight(
  command: Command,
  parts: readonly SystemPart[] = SYSTEM_PARTS,
  host: Host = realHost(),
): PreflightResult {
  const needed = parts.filter((p) => p.neededBy.includes(command));
  const look = () =>
    needed
      .map((part) => ({ part, finding: part.find() }))
      .filter((x): x is { part: SystemPart; finding: Finding & { found: false } } => !x.finding.found);
  const missing = look();
  if (!missing.length) {
    host.log(`preflight: found ${found(needed)}`);
    return { ok: true, installed: [] };
  }

  const packages = unique(missing.map((m) => m.part.debianPackage));
  const overrides = unique(missing.flatMap((m) => (m.finding.override ? [m.finding.override] : [])));
  const lacks =
    `preflight: ${NPM[command]} needs ${missing.length === 1 ? "a system part" : "system parts"} this machine lacks:\n` +
    missing.map((m) => describe(m.part, m.finding)).join("\n");

  if (host.isRoot && host.hasAptGet && !overrides.length) {
    host.log(
      `${lacks}\npreflight: running as root with apt-get, so installing them now: ${packages.join(" ")}`,
    );
    if (!host.install(packages))
      return {
        ok: false,
        message: `preflight: apt-get could not install ${packages.join(" ")} (its output is above); once it can, run ${NPM[command]} again.`,
      };
    const still = look();
    if (still.length)
      return {
        ok: false,
        message:
          `preflight: after apt-get install ${packages.join(" ")}, still missing:\n${still.map((m) => describe(m.part, m.finding)).join("\n")}\n` +
          `(where apt-get said a package is already installed, its files are gone: apt-get install --reinstall it)`,
      };
    host.log(`preflight: installed ${packages.join(" ")}; found ${found(needed)}`);
    return { ok: true, installed: packages };
  }

  const why = overrides.length
    ? `${overrides.join(" and ")} ${overrides.length === 1 ? "is" : "are"} set, so ${NPM[command]} does not install Debian's package over ${overrides.length === 1 ? "it" : "them"}.`
    : !host.hasAptGet
      ? `This machine has no apt-get, so ${NPM[command]} cannot install them.`
      : `${NPM[command]} installs them itself only when run as root; this run is not.`;
  const fix = host.hasAptGet
    ? `Run this, then ${NPM[command]} again:\n  ${installCommand(packages, host, overrides)}` +
      (overrides.length ? `\n(or point ${overrides.join(" and ")} at a working copy)` : "")
    : `Install them with the system's package manager, then:\n${unique(missing.map((m) => `  - ${m.part.elsewhere}`)).join("\n")}`;
  return { ok: false, message: `${lacks}\n${why}\n${fix}` };
}

/** For the callers: checks (and installs), or prints why not and ends the process with 1. */
export function preflightOrExit(command: Command): void {
  const result = preflight(command);
  if (!result.ok) {
    process.stderr.write(`\n${result.message}\n`);
    process.exit(1);
  }
}

if (require.main === module) {
  const commands = (process.argv.slice(2).length ? process.argv.slice(2) : ["test", "bench"]) as Command[];
  for (const command of commands) {
    if (command !== "test" && command !== "bench") {
      process.stderr.write(`usage: npm run preflight [-- test|bench]\n`);
      process.exit(2);
    }
    preflightOrExit(command);
  }
}
