/** @jest-environment node */
/**
 * The load run's lead generator (scripts/load/traffic.ts `leads`) against a real local server:
 * every lead it sends is in its attempts, the one whose connection the server dropped too.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { leads } from "../traffic";

test("every lead sent is an attempt with its answer; one whose connection was dropped has none", async () => {
  let n = 0;
  const emails: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      n += 1;
      emails.push((JSON.parse(body) as { email: string }).email);
      if (n === 2) return void res.writeHead(503).end("{}");
      if (n === 3) return void req.socket.destroy();
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: `id-${n}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Two instances (2 leads a second), two leads each.
    const result = await leads(url, "load-test-secret", 2, 2, Date.now());
    expect(result.attempts).toHaveLength(4);
    expect(result.attempts.map((a) => a.email).sort()).toEqual([...emails].sort());
    const byEmail = new Map(result.attempts.map((a) => [a.email, a]));
    expect(byEmail.get(emails[1])?.status).toBe(503);
    expect(byEmail.get(emails[2])?.status).toBeUndefined();
    expect(byEmail.get(emails[0])?.status).toBe(201);
    expect(byEmail.get(emails[3])?.status).toBe(201);
    expect(result.ids.sort()).toEqual(["id-1", "id-4"]);
    // The answers are the samples; the dropped lead is not one.
    expect(result.samples).toHaveLength(3);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}, 20_000);
