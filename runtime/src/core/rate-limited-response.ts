import { RateLimited, type RateLimitUnavailable } from "../errors.js";
import { rateLimitedPage } from "../pages/index.js";
import { builtInSignInPage } from "./actions/signin.js";
import type { AuthContext } from "./context.js";
import type { Cookie } from "./cookies.js";
import { type AuthResponse, jsonResponse, locationHeader } from "./response.js";
import { htmlHeaders } from "./security-headers.js";

/**
 * The answer to a rate-limited sign-in: 429 with `Retry-After`, never a redirect (a redirect
 * would turn it into a 200 page that scripts and monitoring cannot tell from any other):
 * - a browser form post gets the built-in sign-in page with the `RateLimited` banner (its
 *   forms keep working once the wait is over), or, with `pages.signIn`, a short page linking to
 *   it with `?error=RateLimited`;
 * - `X-Auth-Return-Redirect` (the client's `signIn()`) gets JSON `{ url }` pointing at the
 *   sign-in page with `?error=RateLimited`, so it reports `error: "RateLimited"`, status 429.
 *
 * `RateLimitUnavailable` (the store failed, `failClosed`) is answered the same way with 503,
 * the `RateLimitUnavailable` code and a "temporarily unavailable" text.
 */
export function rateLimitedResponse(
  ctx: AuthContext,
  error: RateLimited | RateLimitUnavailable,
  cookies: Cookie[],
): AuthResponse {
  const { config } = ctx;
  const unavailable = !(error instanceof RateLimited);
  const status = unavailable ? 503 : 429;
  const custom = config.pages.signIn;
  const path = custom ?? `${config.basePath}/signin`;
  const absolute = /^https?:\/\//i.test(path) ? path : `${ctx.origin}${path}`;
  const url = locationHeader(`${absolute}${absolute.includes("?") ? "&" : "?"}error=${error.type}`);
  const headers: Record<string, string> = { "cache-control": "no-store" };
  // Unknown only when app code throws `RateLimited` itself without one.
  if (error.retryAfter !== undefined) headers["retry-after"] = String(error.retryAfter);
  if (ctx.request.headers.get("x-auth-return-redirect") != null) {
    return { ...jsonResponse({ url }, status, headers), cookies };
  }
  const page = custom
    ? rateLimitedPage({ signInUrl: url, theme: config.theme, unavailable })
    : builtInSignInPage(ctx, error.type);
  // The built-in page may carry its own headers (the passkey script in its CSP).
  const pageHeaders = ("headers" in page && page.headers) || htmlHeaders;
  return { status, headers: { ...pageHeaders, ...headers }, cookies, body: page.html };
}
