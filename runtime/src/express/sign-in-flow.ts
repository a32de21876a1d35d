import { resolveConfig } from "../core/config.js";
import { parseAction } from "../core/request.js";
import type { AuthConfig } from "../types.js";
import { configuredBasePath, rawPath } from "./base-path.js";
import { mountedAt } from "./handler.js";
import { expressOrigin } from "./origin.js";
import type { ExpressRequest } from "./types.js";

/**
 * The base path `ExpressAuth` serves for `config` as far as is known now: `basePath` (or
 * `AUTH_URL`'s path), else where the handler was first mounted; `undefined` before that.
 */
export function knownBasePath(config: AuthConfig): string | undefined {
  return configuredBasePath(config) ?? mountedAt.get(config);
}

/** Whether `page` (a path or a URL on `origin`) is the request's path, as Express routes. */
function isPage(
  req: ExpressRequest,
  origin: string,
  page: string,
  path: string,
  fold: (p: string) => string,
) {
  let target: URL;
  try {
    target = new URL(page, origin);
  } catch {
    return false;
  }
  if (target.origin !== origin) return false;
  const trim = (p: string) => (req.app?.get("strict routing") ? p : p.replace(/(.)\/$/, "$1"));
  return trim(fold(target.pathname)) === trim(fold(path));
}

/**
 * Whether a request is a step of signing in, which `requireAuth` must let through even when it
 * protects every path (else a signed-out browser is sent to a sign-in page that is itself
 * protected, forever): an auth endpoint under the base path, or `pages.signIn`, `pages.error`,
 * `pages.verifyRequest` or `redirectTo`. Matched on the raw path the way Express routes it
 * (case per `case sensitive routing`, a trailing slash per `strict routing`) and never more
 * leniently, so a path Express would route elsewhere stays protected.
 */
export function isSignInFlow(
  req: ExpressRequest,
  config: AuthConfig,
  redirectTo: string | undefined,
): boolean {
  const fold = req.app?.get("case sensitive routing")
    ? (p: string) => p
    : (p: string) => p.toLowerCase();
  const path = rawPath(req);
  const base = knownBasePath(config) ?? resolveConfig(config).basePath;
  // Only a path the handler reads the same way (no dot segments, nothing it would re-encode):
  // `/auth/callback/..` must not pass to whatever app route Express matches it with.
  const canonical = new URL(path, "http://localhost").pathname === path;
  if (canonical && parseAction(fold(path), fold(base))) return true;
  const { signIn, error, verifyRequest } = config.pages ?? {};
  const pages = [signIn, error, verifyRequest, redirectTo].filter(
    (page): page is string => typeof page === "string" && page !== "",
  );
  if (pages.length === 0) return false;
  const origin = expressOrigin(req);
  return origin !== undefined && pages.some((page) => isPage(req, origin, page, path, fold));
}
