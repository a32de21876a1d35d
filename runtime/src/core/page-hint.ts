/**
 * A short-lived cookie through which one request tells the next built-in page what just
 * happened, so that page can say it: "You are signed out", the address a sign-in link went to,
 * or the username typed before a refused credentials attempt. It never carries a password, it
 * is set only by the server's own flows (never from a query parameter anyone can craft), read
 * once, and only ever written into a page escaped.
 *
 * @module core/page-hint
 */
import type { AuthContext } from "./context.js";
import { type Cookie, cookiePrefix } from "./cookies.js";

/** What a hint says: who signed out, where a link went, which username was refused. */
export type PageHintKind = "signed-out" | "email" | "username" | "password-changed";

const hintKinds = new Set<string>(["signed-out", "email", "username", "password-changed"]);
const MAX_AGE = 5 * 60;
/** Longer values are not kept: a username or an address is far shorter. */
export const MAX_HINT_LENGTH = 254;

function hintCookie(ctx: AuthContext, value: string, maxAge: number): Cookie {
  const { secure } = ctx.cookies.csrfToken.options;
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure, maxAge };
  return { name: `${cookiePrefix(options)}create-auth.page-hint`, value, options };
}

/** Sets the hint for the next page (a value over {@link MAX_HINT_LENGTH} sets none). */
export function setPageHint(ctx: AuthContext, kind: PageHintKind, value = ""): void {
  if (value.length > MAX_HINT_LENGTH) return;
  ctx.outgoing.push(hintCookie(ctx, `${kind}:${encodeURIComponent(value)}`, MAX_AGE));
}

/**
 * The hint sent with this request, if any. A hint is read once: the cookie is cleared whenever
 * one is present. `undefined` for none or a malformed value.
 */
export function takePageHint(ctx: AuthContext): { kind: PageHintKind; value: string } | undefined {
  const cleared = hintCookie(ctx, "", 0);
  const raw = ctx.request.cookies[cleared.name];
  if (raw === undefined) return undefined;
  ctx.outgoing.push(cleared);
  const separator = raw.indexOf(":");
  const kind = raw.slice(0, separator);
  if (!hintKinds.has(kind)) return undefined;
  try {
    const value = decodeURIComponent(raw.slice(separator + 1));
    return value.length <= MAX_HINT_LENGTH ? { kind: kind as PageHintKind, value } : undefined;
  } catch {
    return undefined;
  }
}
