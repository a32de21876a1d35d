import { MissingCSRF, SessionStoreUnavailable, SignOutError } from "../../errors.js";
import { recordRevocation } from "../../housekeeping/revocations.js";
import { signOutIncompletePage, signOutPage } from "../../pages/index.js";
import type { JWT } from "../../types.js";
import type { AuthContext } from "../context.js";
import { clearChunkedCookie } from "../cookies.js";
import { deleteSessionRow } from "../database-session.js";
import { emitEvent } from "../events.js";
import { setPageHint } from "../page-hint.js";
import { htmlHeaders } from "../security-headers.js";
import { checkSessionPayload, decodeSessionToken, sessionTokenKind } from "../session.js";
import { presentedSession } from "../session-cookie.js";
import type { ActionResult } from "./result.js";

/**
 * GET `{base}/signout`: a confirmation page (or `pages.signOut`). POST: ends the session —
 * the database row is deleted (a JWT session has none), every session cookie chunk is
 * cleared, whatever went wrong before — and redirects to the callback URL. When the row cannot
 * be deleted (the store is down, or refuses), the cookie is cleared all the same, the token is
 * refused by this process and its delete retried (`housekeeping/revocations.ts`), and the
 * answer says so: 503, never a redirect that reads as a completed sign-out.
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
  let unfinished: SessionStoreUnavailable | undefined;
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
    // Only the delete can throw in that branch (event handlers never do): the row may still be
    // there, whatever the reason, so the sign-out did not finish.
    if (kind === "database") {
      recordRevocation(config, token!);
      unfinished = SessionStoreUnavailable.from(cause);
    }
  }
  // Every chunk present, also orphans that never added up to a token.
  ctx.outgoing.push(...clearChunkedCookie(option, request.cookies));
  if (option.legacyName) {
    ctx.outgoing.push(
      ...clearChunkedCookie({ ...option, name: option.legacyName }, request.cookies),
    );
  }
  if (unfinished) return unfinishedSignOut(ctx, unfinished);
  setPageHint(ctx, "signed-out");
  return { redirect: ctx.callbackUrl };
}

/**
 * 503 with `Retry-After` for a sign-out whose session row is still there: JSON for the client's
 * `signOut()` (`X-Auth-Return-Redirect`), with the `url` it would have gone to, else a page
 * saying the browser is signed out but the server has not ended the session yet.
 */
function unfinishedSignOut(ctx: AuthContext, error: SessionStoreUnavailable): ActionResult {
  const headers = { "retry-after": String(error.retryAfter), "cache-control": "no-store" };
  if (ctx.request.headers.get("x-auth-return-redirect") != null) {
    return {
      json: {
        error: error.type,
        message:
          "Signed out in this browser, but the session could not be ended on the server yet; it is retried.",
        url: ctx.callbackUrl,
      },
      status: 503,
      headers,
    };
  }
  const page = signOutIncompletePage({ continueUrl: ctx.callbackUrl, theme: ctx.config.theme });
  return { page: { ...page, headers: { ...htmlHeaders, ...headers } } };
}
