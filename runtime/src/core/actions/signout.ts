import { MissingCSRF, SignOutError } from "../../errors.js";
import { signOutPage } from "../../pages/index.js";
import type { JWT } from "../../types.js";
import type { AuthContext } from "../context.js";
import { clearChunkedCookie } from "../cookies.js";
import { deleteSessionRow } from "../database-session.js";
import { emitEvent } from "../events.js";
import { setPageHint } from "../page-hint.js";
import { checkSessionPayload, decodeSessionToken, sessionTokenKind } from "../session.js";
import { presentedSession } from "../session-cookie.js";
import type { ActionResult } from "./result.js";

/**
 * GET `{base}/signout`: a confirmation page (or `pages.signOut`). POST: ends the session —
 * the database row is deleted (a JWT session has none), every session cookie chunk is
 * cleared, whatever went wrong before — and redirects to the callback URL.
 */
export async function signOutAction(ctx: AuthContext): Promise<ActionResult> {
  const { config, request } = ctx;
  if (request.method === "GET") {
    if (config.pages.signOut) return { redirect: config.pages.signOut };
    const action = `${ctx.base}/signout${request.url.search}`;
    return { page: signOutPage({ action, csrfToken: ctx.csrfToken, theme: config.theme }) };
  }

  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action signout");
  const option = ctx.cookies.sessionToken;
  const presented = presentedSession(ctx.cookies, request.cookies);
  const token = presented?.token;
  // A JWE under the database strategy is a credentials session: it has no row to delete (and
  // a JWE, like any value no database token could be, never reaches the adapter).
  const kind = token ? sessionTokenKind(config, token) : "none";
  try {
    if (kind === "jwt") {
      const decoded = await decodeSessionToken(config, presented!.option.name, token!);
      // Under the database strategy only a credentials session is one (JWT: as Auth.js).
      const payload =
        config.session.strategy === "database" ? checkSessionPayload(config, decoded) : decoded;
      await emitEvent(config, "signOut", { token: payload as JWT | null });
    } else if (kind === "database") {
      const session = await deleteSessionRow(config.adapter!, token!);
      await emitEvent(config, "signOut", { session: session ?? null });
    }
  } catch (cause) {
    config.logger.error(new SignOutError("The session could not be ended cleanly", { cause }));
  }
  // Every chunk present, also orphans that never added up to a token.
  ctx.outgoing.push(...clearChunkedCookie(option, request.cookies));
  if (option.legacyName) {
    ctx.outgoing.push(
      ...clearChunkedCookie({ ...option, name: option.legacyName }, request.cookies),
    );
  }
  setPageHint(ctx, "signed-out");
  return { redirect: ctx.callbackUrl };
}
