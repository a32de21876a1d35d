import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { nodeHeaderReader } from "../adapter-kit/node-headers.js";
import { targetPath, targetSearch } from "../adapter-kit/request-target.js";
import { assertConfigObject } from "../core/assert-options.js";
import { MAX_BODY_BYTES } from "../core/body.js";
import { type ResolvedConfig, resolveConfig } from "../core/config.js";
import { parseCookieHeader, serializeCookie } from "../core/cookies.js";
import { parseForm } from "../core/form-parameters.js";
import { handleAuthRequest } from "../core/handle.js";
import { type AuthRequest, parseAction } from "../core/request.js";
import { type AuthResponse, jsonResponse } from "../core/response.js";
import { configuredBasePath } from "../express/base-path.js";
import type { AuthConfig } from "../types.js";
import { fastifyBody } from "./body.js";
import { type FastifyRequestLike, fastifyOrigin } from "./origin.js";

/** The configuration of `FastifyAuth`: the core configuration (there is no `raw` option). */
export type FastifyAuthConfig = Omit<AuthConfig, "raw">;

/** Options Fastify passes to the plugin: `prefix` is where the endpoints live. */
export interface FastifyAuthOptions {
  prefix?: string;
}

/** Where each configuration's plugin serves its endpoints, for `requireAuth`'s sign-in redirect. */
export const servedAt = new WeakMap<AuthConfig, string>();

const FORM = "application/x-www-form-urlencoded";

/** Writes the neutral response through Fastify's reply (its hooks and `onSend` still run). */
export function send(reply: FastifyReply, response: AuthResponse): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  // Fastify appends each `set-cookie`, so cookies an app's hook set are kept.
  for (const cookie of response.cookies) reply.header("set-cookie", serializeCookie(cookie));
  return reply.send(response.body ?? undefined);
}

/**
 * The route under the plugin's prefix that covers `basePath`, or `undefined` when `basePath`
 * lies outside the prefix (and so cannot be served from here).
 */
function routeFor(prefix: string, basePath: string): string | undefined {
  if (basePath !== prefix && !basePath.startsWith(`${prefix}/`)) return undefined;
  return `${basePath.slice(prefix.length)}/*`;
}

/** The plugin's body: the route, the form parser, all inside the plugin's own scope. */
async function register(fastify: FastifyInstance, config: FastifyAuthConfig): Promise<void> {
  const prefix = fastify.prefix.replace(/\/+$/, "");
  const configured = configuredBasePath(config);
  const basePath = configured ?? (prefix || resolveConfig(config).basePath);
  const route = routeFor(prefix, basePath);
  // Registration is deterministic: a base path the prefix cannot serve fails the app's start.
  if (!route) {
    // The prefix is the full one: the registration's own behind those of the plugins it is
    // inside (an outer register, fastify-cli's --prefix), which is what users miss most.
    throw new Error(
      `FastifyAuth is served at "${prefix || "/"}" (the prefix it is registered with, behind the prefixes of the plugins it is inside, fastify-cli's --prefix included) but basePath is "${basePath}": set basePath to "${prefix}", or register it where it is served at "${basePath}".`,
    );
  }
  if (!servedAt.has(config)) servedAt.set(config, basePath);
  const resolved: ResolvedConfig = resolveConfig(
    configured === undefined ? { ...config, basePath } : config,
  );
  // Only in this plugin's scope: the app's own parsers (and their absence) stay as they are.
  if (!fastify.hasContentTypeParser(FORM)) {
    fastify.addContentTypeParser(
      FORM,
      { parseAs: "string", bodyLimit: MAX_BODY_BYTES },
      (_request, text, done) => done(null, parseForm(String(text))),
    );
  }
  fastify.route({
    method: ["GET", "HEAD", "POST"],
    url: route,
    bodyLimit: MAX_BODY_BYTES,
    handler: (request, reply) => handle(request, reply, basePath, resolved),
  });
}

async function handle(
  request: FastifyRequestLike,
  reply: FastifyReply,
  basePath: string,
  resolved: ResolvedConfig,
) {
  const method = request.method.toUpperCase();
  const path = targetPath(request.url);
  // Routed here under a case-insensitive router: `/AUTH/csrf` is `/auth/csrf`.
  const inBase = path.slice(0, basePath.length).toLowerCase() === basePath.toLowerCase();
  const pathname = inBase ? `${basePath}${path.slice(basePath.length)}` : path;
  const origin = fastifyOrigin(request);
  // Concatenated, not resolved: a path like `//host/x` must not become the URL's host.
  const url = new URL(`${origin ?? "http://localhost"}${pathname}${targetSearch(request.url)}`);
  const parsed = parseAction(url.pathname, basePath);
  // HEAD is GET without a body, but never on the callback: it spends one-time codes and magic
  // links, and mail scanners send HEAD to every link.
  if (!parsed || (method === "HEAD" && parsed.action === "callback")) return reply.callNotFound();
  if (!origin) return send(reply, jsonResponse("Bad request.", 400));
  const authRequest: AuthRequest = {
    method: method === "HEAD" ? "GET" : method,
    url,
    headers: nodeHeaderReader(request.headers),
    cookies: parseCookieHeader(request.headers.cookie),
  };
  // `request.ip` follows `trustProxy`, as protocol and host do.
  const address = request.ip ?? request.raw.socket?.remoteAddress;
  if (address) authRequest.clientAddress = address;
  if (method === "POST") {
    const body = fastifyBody(request);
    if (typeof body === "number") return send(reply, jsonResponse("Bad request.", body));
    if (body) authRequest.body = body;
  }
  return send(reply, await handleAuthRequest(authRequest, resolved));
}

/**
 * The auth endpoints as a Fastify 4 and 5 plugin, encapsulated: register it with a prefix,
 *
 * ```ts
 * await app.register(FastifyAuth(authConfig), { prefix: "/auth" });
 * ```
 *
 * The base path is `basePath` (or `AUTH_URL`'s path) when the configuration names one, else
 * the prefix, else `/auth`. It is fixed when the plugin registers, never by a request.
 * Paths under it that are not auth endpoints, other methods, and HEAD on the callback go to
 * the app's not-found handler. Form bodies are parsed inside the plugin's scope only (the app's
 * own parsers are used when it has them), JSON by Fastify; bodies are limited to 64 KiB (413).
 * Protocol, host and client address follow the app's `trustProxy`.
 */
export function FastifyAuth(config: FastifyAuthConfig): FastifyPluginAsync<FastifyAuthOptions> {
  assertConfigObject(config, "FastifyAuth");
  return (fastify) => register(fastify as FastifyInstance, config);
}
