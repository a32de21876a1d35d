import type { AuthContext } from "../context.js";
import { expireCookie } from "../cookies.js";
import { noStore } from "../response.js";
import type { ActionResult } from "./result.js";

/** GET `{base}/csrf`: the CSRF token for forms and clients; 404 when CSRF checks are off. */
export function csrfAction(ctx: AuthContext): ActionResult {
  if (ctx.config.skipCSRFCheck) {
    ctx.config.logger.warn("csrf-disabled");
    ctx.outgoing.push(expireCookie(ctx.cookies.csrfToken));
    return { status: 404 };
  }
  return { json: { csrfToken: ctx.csrfToken }, headers: noStore };
}
