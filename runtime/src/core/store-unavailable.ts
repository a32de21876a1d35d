import { SessionStoreUnavailable } from "../errors.js";
import { errorPage } from "../pages/index.js";
import type { Theme } from "../types.js";
import type { Cookie } from "./cookies.js";
import { type AuthResponse, jsonResponse, locationHeader, noStore } from "./response.js";
import { htmlHeaders } from "./security-headers.js";

/** The JSON body of every 503 for an unavailable session store. */
export const storeUnavailableBody = {
  error: "SessionStoreUnavailable",
  message: "The session store is temporarily unavailable. Try again shortly.",
} as const;

/** `Retry-After` and no caching: a 503 must never be stored by a cache. */
function unavailableHeaders(error: SessionStoreUnavailable): Record<string, string> {
  return { ...noStore, "retry-after": String(error.retryAfter) };
}

/** 503 JSON with `Retry-After`: `/session`, and API clients of `requireAuth`. */
export function storeUnavailableJson(
  error: SessionStoreUnavailable,
  extra: Record<string, unknown> = {},
): AuthResponse {
  return jsonResponse({ ...storeUnavailableBody, ...extra }, 503, unavailableHeaders(error));
}

/** 503 with the built-in "Temporarily unavailable" page and `Retry-After`: for browsers. */
export function storeUnavailablePage(
  error: SessionStoreUnavailable,
  p: { signInUrl: string; homeUrl: string; theme: Theme },
): AuthResponse {
  const page = errorPage({ error: "SessionStoreUnavailable", ...p });
  return {
    status: page.status,
    headers: { ...htmlHeaders, ...unavailableHeaders(error) },
    cookies: [],
    body: page.html,
  };
}

/**
 * The handler's answer when an action failed because the store did not answer (a session read,
 * a sign-in storing its user or session): 503 with `Retry-After`, never a redirect to a page
 * that answers 200 and never "signed out". `/session` and `webauthn-options` answer JSON; the client's
 * `X-Auth-Return-Redirect` calls get JSON `{ url, error }` pointing at the error page; browsers
 * get the page itself. `cookies` must already be free of session-cookie changes: an outage
 * neither signs anyone in nor out.
 */
export function storeUnavailableResponse(
  cause: unknown,
  p: {
    action: string;
    returnRedirect: boolean;
    errorUrl: string;
    signInUrl: string;
    homeUrl: string;
    theme: Theme;
    cookies: Cookie[];
  },
): AuthResponse {
  const error = SessionStoreUnavailable.from(cause);
  let response: AuthResponse;
  // JSON endpoints (the passkey script reads `webauthn-options` with fetch) answer JSON.
  if (p.action === "session" || p.action === "webauthn-options") {
    response = storeUnavailableJson(error);
  } else if (p.returnRedirect) {
    response = storeUnavailableJson(error, { url: locationHeader(p.errorUrl) });
  } else response = storeUnavailablePage(error, p);
  response.cookies = p.cookies;
  return response;
}

/**
 * What `requireAuth` (and SolidStart's `authMiddleware`) answer for a protected request whose
 * session could not be read, instead of sending a signed-in user to sign in: 503 with
 * `Retry-After`, the "Temporarily unavailable" page for browsers (the requests that would have
 * been redirected) and JSON for API clients (those that would have got 401).
 */
export function storeUnavailableRefusal(
  error: SessionStoreUnavailable,
  wantsPage: boolean,
  theme: Theme,
  origin: string | undefined,
): AuthResponse {
  if (!wantsPage) return storeUnavailableJson(error);
  return storeUnavailablePage(error, { signInUrl: "", homeUrl: origin ?? "", theme });
}
