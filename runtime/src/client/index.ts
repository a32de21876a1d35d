/**
 * A small browser client for the auth endpoints, for any base path: `signIn`, `signOut`,
 * `getSession`, `getCsrfToken`. No Node APIs.
 *
 * @module client
 */
import type { Session } from "../types.js";

let basePath = "/api/auth";
let providerTypes: Promise<Record<string, { type: string }>> | undefined;

/** Where the endpoints are mounted. Default `/api/auth` (SolidStart); Express apps usually use `/auth`. */
export function configureClient(options: { basePath: string }): void {
  basePath = options.basePath.replace(/\/+$/, "");
  providerTypes = undefined; // they came from the old base path
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${basePath}${path}`, { credentials: "same-origin", ...init });
  if (!response.ok) throw new Error(`${basePath}${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The current session, or `null`. Throws when the server cannot tell (503 while its database is
 * down), rather than answering `null` for a user who is still signed in.
 */
export function getSession(): Promise<Session | null> {
  return json<Session | null>("/session");
}

/** A CSRF token for a form of your own. */
export async function getCsrfToken(): Promise<string> {
  return (await json<{ csrfToken: string }>("/csrf")).csrfToken;
}

export interface SignInOptions extends Record<string, unknown> {
  /** Where to go after signing in. Default: the current page. */
  redirectTo?: string;
  /** @deprecated use `redirectTo` */
  callbackUrl?: string;
  /** `false`: stay on the page and get the result instead of navigating. */
  redirect?: boolean;
}

export interface SignInResult {
  /** The error code (`CredentialsSignin`, …) or undefined. */
  error: string | undefined;
  /** The `code` of a `CredentialsSignin` error. */
  code: string | undefined;
  status: number;
  ok: boolean;
  url: string | null;
}

async function post(path: string, fields: Record<string, unknown>, query = "") {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) body.set(key, String(value));
  body.set("csrfToken", await getCsrfToken());
  const response = await fetch(`${basePath}${path}${query}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
    body,
  });
  const { url, error } = (await response.json()) as { url: string; error?: string };
  return { response, url, error };
}

function navigate(url: string) {
  window.location.href = url;
  // A hash change does not reload the page.
  if (url.includes("#")) window.location.reload();
}

/**
 * Signs in with a provider. Without one, opens the sign-in page. Credentials providers take
 * their fields in `options` (`signIn("credentials", { email, password })`); OAuth providers take
 * extra authorization parameters (`{ prompt: "login" }`) as the third argument.
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams: Record<string, string> = {},
): Promise<SignInResult | undefined> {
  const { redirect = true, redirectTo, callbackUrl, ...fields } = options;
  const destination = redirectTo ?? callbackUrl ?? window.location.href;
  if (!provider) {
    navigate(`${basePath}/signin?${new URLSearchParams({ callbackUrl: destination })}`);
    return undefined;
  }
  // Remembered once it has worked; a failed fetch (offline, a deploy) is asked again next time.
  if (!providerTypes) {
    const pending = json<Record<string, { type: string }>>("/providers").catch((error) => {
      if (providerTypes === pending) providerTypes = undefined;
      throw error;
    });
    providerTypes = pending;
  }
  const type = (await providerTypes)[provider]?.type;
  const path = type === "credentials" ? `/callback/${provider}` : `/signin/${provider}`;
  const query = Object.keys(authorizationParams).length
    ? `?${new URLSearchParams(authorizationParams)}`
    : "";
  const { response, url } = await post(path, { ...fields, callbackUrl: destination }, query);
  const result = new URL(url, window.location.href);
  const error = result.searchParams.get("error") ?? undefined;
  if (redirect && !error) {
    navigate(url);
    return undefined;
  }
  return {
    error,
    code: result.searchParams.get("code") ?? undefined,
    status: response.status,
    ok: response.ok && !error,
    url: error ? null : url,
  };
}

/**
 * Signs out (ending a database session) and goes to `redirectTo` (default: the current page).
 * When the server could not end the session (its database is down: 503), the browser is signed
 * out all the same but nothing navigates: the result's `error` is `"SessionStoreUnavailable"`,
 * for the page to say the sign-out did not finish on the server (as `signIn` returns its errors).
 */
export async function signOut(
  options: { redirectTo?: string; callbackUrl?: string; redirect?: boolean } = {},
): Promise<{ url: string; error?: string }> {
  const { redirect = true } = options;
  const { response, url, error } = await post("/signout", {
    callbackUrl: options.redirectTo ?? options.callbackUrl ?? window.location.href,
  });
  if (!response.ok && error) return { url, error };
  if (redirect) navigate(url);
  return { url };
}
