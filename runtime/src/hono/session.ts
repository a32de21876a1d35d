import type { MiddlewareHandler } from "hono";
import { targetPath, targetSearch } from "../adapter-kit/request-target.js";
import { guard, type RequireAuthOptions } from "../adapter-kit/require-auth.js";
import { assertConfigObject } from "../core/assert-options.js";
import { resolveConfig } from "../core/config.js";
import { frameworkSession } from "../core/get-session.js";
import { toWebResponse } from "../core/response.js";
import type { SessionStoreUnavailable } from "../errors.js";
import { configuredBasePath } from "../express/base-path.js";
import type { Session } from "../types.js";
import { type HonoAuthConfig, servedAt } from "./handler.js";

/** The variables `requireAuth` sets: `c.get("session")`. */
export interface AuthVariables {
  session: Session | null;
}

/** An `Env` for `new Hono<AuthEnv>()`, so `c.get("session")` is typed in every handler. */
export interface AuthEnv {
  Variables: AuthVariables;
}

/** The part of Hono's `Context` `getSession` reads (a `Context` of any `Env` fits). */
export interface HonoContextLike {
  req: { url: string; raw: Request };
  /** On Node, `@hono/node-server`'s bindings: `incoming` is the request it received. */
  env?: unknown;
}

/**
 * The request's `Cookie` header. On Node it comes straight from the `IncomingMessage` that
 * `@hono/node-server` passes as `c.env.incoming` (Node has already joined repeated `Cookie`
 * headers with `; ` and refused control characters, as `Headers` would), which skips the
 * `Headers` lookup; elsewhere (Bun, Deno, `app.request()` in tests) from `c.req.raw.headers`.
 */
function cookieHeader(c: HonoContextLike): string | null | undefined {
  const incoming = (c.env as { incoming?: { headers?: unknown } } | undefined)?.incoming;
  const headers = incoming?.headers as Record<string, unknown> | undefined;
  if (typeof headers === "object" && headers !== null) {
    const cookie = headers.cookie;
    if (typeof cookie === "string" || cookie === undefined) return cookie;
  }
  return c.req.raw.headers.get("cookie");
}

/**
 * The session of a request, or `null`: reads the `Cookie` header of `c.req.raw` directly (no
 * new `Request`, no re-encryption, keys cached), and gives `null` (after logging) for a broken
 * configuration; throws {@link SessionStoreUnavailable} when the session store fails. The protocol, which decides the cookie names, is the request
 * URL's, as for the handler.
 */
export function getSession(c: HonoContextLike, config: HonoAuthConfig): Promise<Session | null> {
  return frameworkSession(
    config,
    resolveConfig,
    () => (c.req.url.startsWith("https:") ? "https" : "http"),
    () => cookieHeader(c),
  );
}

/**
 * Middleware that lets signed-in requests through with `c.get("session")` set and turns the
 * others away: browsers are redirected to the sign-in page with a same-origin `callbackUrl`
 * back, API clients get `401 {"message":"Unauthorized"}`; when the session store is down, 503
 * with `Retry-After` (a page or JSON). Per route, per sub-app, or for every
 * path with `paths`. The steps of signing in always pass.
 */
export function requireAuth(
  config: HonoAuthConfig,
  options: RequireAuthOptions = {},
): MiddlewareHandler<AuthEnv> {
  assertConfigObject(config, "requireAuth");
  return async (c, next) => {
    const url = c.req.url;
    const outcome = await guard(
      {
        path: targetPath(url),
        search: () => targetSearch(url),
        method: c.req.method,
        accept: c.req.raw.headers.get("accept"),
        origin: () => new URL(url).origin,
        session: () => getSession(c, config),
      },
      config,
      options,
      configuredBasePath(config) ?? servedAt.get(config),
    );
    if (outcome.session !== undefined) c.set("session", outcome.session);
    if (outcome.refusal) return toWebResponse(outcome.refusal);
    await next();
  };
}
