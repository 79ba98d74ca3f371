import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { defaultDeps, type Reply } from "../server/consultation/handler";
import { handleHealth } from "../server/consultation/health";
import { writeReply } from "../server/consultation/replies";

/**
 * /api/health: the lead pipeline's health for uptime monitors (200, or 503 when the lead store
 * does not answer or a lead is stuck; src/server/consultation/health.ts). No `export const
 * config`, for the reason src/api/consultation.ts gives. Same headers as the consultation
 * function, and cacheable for a few seconds.
 */
export default async function health(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  let reply: Reply;
  try {
    reply = await handleHealth(req, defaultDeps(req));
  } catch (error) {
    console.error("health: unexpected error", error);
    reply = { status: 500, body: { error: "Something went wrong on our side." } };
  }
  writeReply(res, reply);
}
