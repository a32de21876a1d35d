import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { routePath } from "hono/route";
import { assertConfigObject } from "../core/assert-options.js";
import { MAX_BODY_BYTES, parseBody } from "../core/body.js";
import { type ResolvedConfig, resolveConfig } from "../core/config.js";
import { parseCookieHeader } from "../core/cookies.js";
import { handleAuthRequest } from "../core/handle.js";
import { type AuthRequest, parseAction } from "../core/request.js";
import { jsonResponse, toWebResponse } from "../core/response.js";
import { fromWebRequest } from "../core/web.js";
import { configuredBasePath } from "../express/base-path.js";
import type { AuthConfig } from "../types.js";

/** The configuration of `HonoAuth`: the core configuration (there is no `raw` option). */
export type HonoAuthConfig = Omit<AuthConfig, "raw">;

/** Where each configuration was first served, for `requireAuth`'s sign-in redirect. */
export const servedAt = new WeakMap<AuthConfig, string>();

const reported = new WeakSet<AuthConfig>();

/** A mount the handler cannot serve, logged once per configuration (every request would repeat it). */
function reportOnce(config: HonoAuthConfig, message: string): undefined {
  if (reported.has(config)) return undefined;
  reported.add(config);
  resolveConfig(config).logger.error(new Error(message));
  return undefined;
}

/**
 * The request with its body: read through `c.req` when a middleware already did (Hono caches
 * it), else from the stream, up to 64 KiB (413), also without `Content-Length`.
 */
async function readRequest(c: Context, url: URL): Promise<AuthRequest | Response> {
  const raw = c.req.raw;
  const method = raw.method.toUpperCase();
  if (method === "POST" && Object.keys(c.req.bodyCache).length === 0) return fromWebRequest(raw);
  const request: AuthRequest = {
    method: method === "HEAD" ? "GET" : method,
    url,
    headers: raw.headers,
    cookies: parseCookieHeader(raw.headers.get("cookie")),
  };
  if (method !== "POST") return request;
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) return toWebResponse(jsonResponse("Bad request.", 413));
  const body = parseBody(raw.headers.get("content-type"), text);
  if (typeof body === "number") return toWebResponse(jsonResponse("Bad request.", body));
  if (body) request.body = body;
  return request;
}

/** The peer's address on Node (`@hono/node-server` passes `incoming`); none elsewhere. */
function clientAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The path the running handler was registered under. `c.req.routePath` works whichever build of
 * Hono (ES module or CommonJS) made the context; `hono/route`'s helper reads a symbol of its own
 * build, so from a CommonJS app (whose context comes from Hono's CommonJS build, while this
 * module imports the ES one) it throws. The helper is the fallback for a Hono without the getter.
 */
function registeredPath(c: Context): string {
  const own = (c.req as { routePath?: unknown }).routePath;
  return typeof own === "string" ? own : routePath(c);
}

/**
 * The auth endpoints as a Hono handler, for `app.on(["GET", "POST"], "/auth/*", handler)`
 * (`HonoAuth` wraps it in a sub-app for `app.route`). The base path is `basePath` (or
 * `AUTH_URL`'s path) when the configuration names one, else the route's static prefix (`/auth`
 * for `/auth/*`), recorded from the first request and never changed by a request. Paths that
 * are not auth endpoints, and HEAD on the callback, go to `next()` (the app's `notFound`).
 * Links use the origin of the request URL Hono hands over, never `X-Forwarded-*`.
 */
export function honoAuthHandler(config: HonoAuthConfig): MiddlewareHandler {
  assertConfigObject(config, "honoAuthHandler");
  let mount: { prefix: string; basePath: string; resolved: ResolvedConfig } | undefined;

  const target = (c: Context) => {
    const prefix = registeredPath(c).replace(/\/?\*$/, "");
    const dynamic = /[:*]/.test(prefix);
    const configured = configuredBasePath(config);
    if (configured !== undefined) {
      if (!dynamic && configured !== prefix && !configured.startsWith(`${prefix}/`)) {
        return reportOnce(
          config,
          `HonoAuth is mounted at "${prefix}" but basePath is "${configured}": nothing is served there.`,
        );
      }
      return { basePath: configured, resolved: resolveConfig(config) };
    }
    if (dynamic) {
      return reportOnce(
        config,
        `HonoAuth is mounted at "${prefix}", a path with parameters: set basePath in the auth configuration.`,
      );
    }
    // Mounted at the root: the endpoints stay under the default `/auth`, never the app's own.
    const basePath = prefix || resolveConfig(config).basePath;
    mount ??= { prefix, basePath, resolved: resolveConfig({ ...config, basePath }) };
    if (!servedAt.has(config)) servedAt.set(config, mount.basePath);
    return prefix === mount.prefix ? mount : undefined;
  };

  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    const found =
      method === "GET" || method === "POST" || method === "HEAD" ? target(c) : undefined;
    const url = found && new URL(c.req.url);
    const parsed = url && parseAction(url.pathname, found.basePath);
    // HEAD (which Hono routes to GET) is answered without a body, but never on the callback:
    // it spends one-time codes and magic links, and mail scanners send HEAD to every link.
    if (!parsed || !url || (method === "HEAD" && parsed.action === "callback")) return next();
    const request = await readRequest(c, url);
    if (request instanceof Response) return request;
    if (method === "HEAD") request.method = "GET";
    const address = clientAddress(c);
    if (address) request.clientAddress = address;
    return toWebResponse(await handleAuthRequest(request, found.resolved));
  };
}

/**
 * The auth endpoints as a Hono sub-app, for Hono 4 on Node (`@hono/node-server`), Bun, Deno and
 * other Web-standard runtimes:
 *
 * ```ts
 * app.route("/auth", HonoAuth(authConfig));
 * ```
 */
export function HonoAuth(config: HonoAuthConfig): Hono {
  return new Hono().on(["GET", "POST"], "/*", honoAuthHandler(config));
}
