import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A throwaway self-signed certificate for `hosts`, made with `openssl` (a system part the
 * preflight provides) in `dir`. For the local stand-ins of outside services: the browser is told
 * to accept it (Chromium's `--ignore-certificate-errors`, WebDriver's `acceptInsecureCerts`).
 */
export function selfSignedCertificate(dir: string, hosts: string[]): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${hosts[0]}`,
      "-addext",
      `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(",")}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}
