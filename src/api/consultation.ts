import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { defaultDeps, handleConsultation, type Reply } from "../server/consultation/handler";
import { writeReply } from "../server/consultation/replies";

/**
 * /api/consultation: the free-consultation form's endpoint (POST a request, GET a form token).
 * Thin on purpose; the logic and its tests live in src/server/consultation. No `export const
 * config` here: exporting one makes Gatsby build rendering engines, which fails with this
 * project's sharp override (see docs/adr/0005-consultation-outbox.md); Gatsby's default 100 kb
 * body limit is what we want. The answer carries the site's security headers (`writeReply`).
 */
export default async function consultation(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  let reply: Reply;
  try {
    reply = await handleConsultation(req, defaultDeps(req));
  } catch (error) {
    console.error("consultation: unexpected error", error);
    reply = { status: 500, body: { error: "Something went wrong on our side. Please try again." } };
  }
  writeReply(res, reply);
}
