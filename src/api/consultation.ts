import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { API_HEADERS } from "../../shared/securityHeaders";
import { defaultDeps, handleConsultation, type Reply } from "../server/consultation/handler";
import { safeJson } from "../server/consultation/replies";

/**
 * /api/consultation: the free-consultation form's endpoint (POST a request, GET a form token).
 * Thin on purpose; the logic and its tests live in src/server/consultation. No `export const
 * config` here: exporting one makes Gatsby build rendering engines, which fails with this
 * project's sharp override (see docs/adr/0005-consultation-outbox.md); Gatsby's default 100 kb
 * body limit is what we want. A host applies its header rules to files only, so the function
 * sends the site's security headers itself, with a policy for JSON.
 */
export default async function consultation(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  let reply: Reply;
  try {
    reply = await handleConsultation(req, defaultDeps(req));
  } catch (error) {
    console.error("consultation: unexpected error", error);
    reply = { status: 500, body: { error: "Something went wrong on our side. Please try again." } };
  }
  res.status(reply.status);
  for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.send(safeJson(reply.body));
}
