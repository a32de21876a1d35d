import { MissingCSRF, SignOutError } from "../../errors.js";
import { signOutPage } from "../../pages/index.js";
import type { JWT } from "../../types.js";
import type { AuthContext } from "../context.js";
import { clearChunkedCookie, readChunkedCookie } from "../cookies.js";
import { emitEvent } from "../events.js";
import { decodeSessionToken, isJwtSessionToken } from "../session.js";
import type { ActionResult } from "./result.js";

/**
 * GET `{base}/signout`: a confirmation page (or `pages.signOut`). POST: ends the session —
 * the database row is deleted (a JWT session has none), every session cookie chunk is
 * cleared — and redirects to the callback URL.
 */
export async function signOutAction(ctx: AuthContext): Promise<ActionResult> {
  const { config, request } = ctx;
  if (request.method === "GET") {
    if (config.pages.signOut) return { redirect: config.pages.signOut };
    const action = `${ctx.base}/signout${request.url.search}`;
    return { page: signOutPage({ action, csrfToken: ctx.csrfToken, theme: config.theme }) };
  }

  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during a sign-out request");
  const option = ctx.cookies.sessionToken;
  const token = readChunkedCookie(request.cookies, option.name);
  if (token) {
    try {
      // A JWE under the database strategy is a credentials session: it has no row to delete
      // (and a JWE must never reach the adapter as a session token).
      if (isJwtSessionToken(config, token)) {
        const decoded = await decodeSessionToken(config, option.name, token);
        await emitEvent(config, "signOut", { token: decoded as JWT | null });
      } else {
        const session = await config.adapter!.deleteSession!(token);
        await emitEvent(config, "signOut", { session: session ?? null });
      }
    } catch (cause) {
      config.logger.error(new SignOutError("The session could not be ended cleanly", { cause }));
    }
    ctx.outgoing.push(...clearChunkedCookie(option, request.cookies));
  }
  return { redirect: ctx.callbackUrl };
}
