import type { FastifyReply } from "fastify";
import { targetPath, targetSearch } from "../adapter-kit/request-target.js";
import { guard, type RequireAuthOptions } from "../adapter-kit/require-auth.js";
import { assertConfigObject } from "../core/assert-options.js";
import { resolveConfig } from "../core/config.js";
import { frameworkSession } from "../core/get-session.js";
import type { SessionStoreUnavailable } from "../errors.js";
import { configuredBasePath } from "../express/base-path.js";
import type { Session } from "../types.js";
import { type FastifyRequestLike, fastifyOrigin, fastifyProtocol } from "./origin.js";
import { type FastifyAuthConfig, send, servedAt } from "./plugin.js";

/**
 * The session of a request, or `null`. Reads the cookie directly (no Web `Request`, no
 * re-encryption, keys cached), decides the cookie name exactly as `FastifyAuth` does (the
 * protocol honours `trustProxy`), and gives `null` (after logging) for a broken configuration.
 * Throws {@link SessionStoreUnavailable} when the session store fails (the session is unknown).
 *
 * @example
 * ```ts
 * app.get("/me", async (request) => getSession(request, authConfig));
 * ```
 */
export function getSession(
  request: FastifyRequestLike,
  config: FastifyAuthConfig,
): Promise<Session | null> {
  return frameworkSession(
    config,
    resolveConfig,
    () => fastifyProtocol(request),
    () => request.headers.cookie,
  );
}

/** A `preHandler` hook: `async (request, reply)`, for `addHook` or a route's `preHandler`. */
export type FastifyAuthHook = (
  request: FastifyRequestLike & { session?: Session | null },
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * A `preHandler` that lets signed-in requests through with `request.session` set and turns the
 * others away: browsers are redirected to the sign-in page with a same-origin `callbackUrl` back,
 * API clients get `401 {"message":"Unauthorized"}`; when the session store is down, 503 with
 * `Retry-After` (a page or JSON) and no `request.session`. Per route (`preHandler: requireAuth(config)`),
 * per plugin scope, or app-wide with `paths`. The steps of signing in always pass.
 */
export function requireAuth(
  config: FastifyAuthConfig,
  options: RequireAuthOptions = {},
): FastifyAuthHook {
  assertConfigObject(config, "requireAuth");
  return async (request, reply) => {
    const outcome = await guard(
      {
        path: targetPath(request.url),
        search: () => targetSearch(request.url),
        method: request.method,
        accept: request.headers.accept,
        origin: () => fastifyOrigin(request),
        session: () => getSession(request, config),
      },
      config,
      options,
      configuredBasePath(config) ?? servedAt.get(config),
    );
    if (outcome.session !== undefined) request.session = outcome.session;
    if (outcome.refusal) return send(reply, outcome.refusal);
  };
}
