import { verifyRequestPage } from "../../pages/index.js";
import type { AuthContext } from "../context.js";
import { takePageHint } from "../page-hint.js";
import type { ActionResult } from "./result.js";

/** GET `{base}/verify-request`: "check your email", or a redirect to `pages.verifyRequest`. */
export function verifyRequestAction(ctx: AuthContext): ActionResult {
  const { config } = ctx;
  if (config.pages.verifyRequest) {
    return { redirect: `${config.pages.verifyRequest}${ctx.request.url.search}` };
  }
  const hint = takePageHint(ctx);
  const email = hint?.kind === "email" ? hint.value : undefined;
  const type = ctx.query.type;
  const kind = type === "signup" || type === "reset" ? type : undefined;
  return { page: verifyRequestPage({ homeUrl: ctx.origin, theme: config.theme, email, kind }) };
}
