import http from "node:http";
import net from "node:net";
import { freePort } from "./harness/server";

/**
 * Peers on a bad day, on loopback, for the lead pipeline's fault tests: a server that accepts a
 * connection and then says nothing (an SMTP server that never greets, a database that never
 * answers), a webhook that never responds, and an address where nothing listens.
 */

export interface SilentPeer {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  stop(): Promise<void>;
}

/** Accepts TCP connections and never sends a byte. */
export async function startSilentServer(): Promise<SilentPeer> {
  const sockets = new Set<net.Socket>();
  const peer = { port: 0, connections: 0, stop: async () => undefined } as SilentPeer;
  const server = net.createServer((socket) => {
    peer.connections += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.port = (server.address() as net.AddressInfo).port;
  peer.stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return peer;
}

export interface HangingWebhook {
  url: string;
  requests: number;
  stop(): Promise<void>;
}

/** Reads a request and never answers it. */
export async function startHangingWebhook(): Promise<HangingWebhook> {
  const peer = { url: "", requests: 0, stop: async () => undefined } as HangingWebhook;
  const server = http.createServer((req) => {
    peer.requests += 1;
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks/leads`;
  peer.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

/** A port on 127.0.0.1 where nothing listens (connections are refused at once). */
export const closedPort = (): Promise<number> => freePort();
