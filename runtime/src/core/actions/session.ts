import { MissingCSRF } from "../../errors.js";
import type { AuthContext } from "../context.js";
import { noStore } from "../response.js";
import { readSession } from "../session.js";
import type { ActionResult } from "./result.js";

/**
 * GET `{base}/session` reads the session (renewing its cookie when due); POST updates it with
 * the body's `data` (`trigger: "update"`) and requires the CSRF token.
 */
export async function sessionAction(ctx: AuthContext): Promise<ActionResult> {
  const isUpdate = ctx.request.method === "POST";
  if (isUpdate && !ctx.csrfVerified)
    throw new MissingCSRF("CSRF token was missing during an action session");
  const { session, cookies } = await readSession(ctx.config, ctx.cookies, ctx.request.cookies, {
    renew: true,
    ...(isUpdate ? { update: { data: ctx.request.body?.data } } : {}),
  });
  ctx.outgoing.push(...cookies);
  return isUpdate ? { json: session } : { json: session, headers: noStore };
}
