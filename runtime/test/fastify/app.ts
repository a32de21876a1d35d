import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { FastifyAuth, getSession, requireAuth } from "../../src/fastify/index.js";
import type { AuthConfig } from "../../src/types.js";

const require = createRequire(import.meta.url);
export type FastifyFactory = (options?: Record<string, unknown>) => FastifyInstance;
export const fastify5 = require("fastify") as FastifyFactory;
export const fastify4 = require("fastify4") as FastifyFactory;

export interface FastifyAppOptions {
  /** The plugin's prefix; `""` registers it without one. */
  prefix: string;
  trustProxy?: boolean;
  /** The app parses forms itself, at its root (as `@fastify/formbody` would). */
  formParser?: boolean;
}

/**
 * A real app: the auth plugin under its prefix, a protected page, an API, a protected scope,
 * app-wide protection for some paths, its own 404 and error handlers, and a route of its own
 * that takes bodies (so a test sees the plugin's parser stays inside the plugin).
 */
export async function startFastifyApp(
  factory: FastifyFactory,
  config: AuthConfig,
  options: FastifyAppOptions,
) {
  const app = factory({ trustProxy: options.trustProxy ?? false });
  if (options.formParser) {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) =>
        done(null, { ...Object.fromEntries(new URLSearchParams(String(body))), app: "parsed" }),
    );
  }
  await app.register(
    FastifyAuth(config) as never,
    options.prefix ? { prefix: options.prefix } : {},
  );
  app.get("/me", { preHandler: requireAuth(config) as never }, async (request) => request.session);
  app.get("/direct", async (request) => getSession(request, config));
  app.post("/echo", async (request) => ({ body: request.body ?? null }));
  await app.register(
    async (team) => {
      team.addHook("preHandler", requireAuth(config, { status: 403 }) as never);
      team.get("/reports", async () => ({ reports: true }));
    },
    { prefix: "/team" },
  );
  app.addHook("preHandler", requireAuth(config, { paths: ["/admin/*", "/account"] }) as never);
  app.get("/admin/panel", async () => ({ admin: true }));
  app.get("/account", async () => ({ account: true }));
  app.get("/admin/files/*", async () => ({ file: true }));
  app.get("/public", async () => ({ public: true }));
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ notFound: true }));
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ handled: error.message }),
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}
