import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import {
  type AuthEnv,
  getSession,
  HonoAuth,
  honoAuthHandler,
  requireAuth,
} from "../../src/hono/index.js";
import type { AuthConfig } from "../../src/types.js";

export interface HonoAppOptions {
  /** `route`: `app.route(mount, HonoAuth(config))`; `on`: `app.on(["GET", "POST"], mount/*, …)`. */
  style: "route" | "on";
  mount: string;
  /** A middleware reads POST bodies under the mount first (Hono caches them). */
  readsBodies?: boolean;
}

/** The framework suite's app (`support/framework-suite.ts`) on Hono 4 and `@hono/node-server`. */
export function createHonoApp(config: AuthConfig, options: HonoAppOptions) {
  const app = new Hono<AuthEnv>();
  if (options.readsBodies) {
    app.use(`${options.mount}/*`, async (c, next) => {
      if (c.req.method === "POST") await c.req.text();
      await next();
    });
  }
  if (options.style === "route") app.route(options.mount, HonoAuth(config));
  else app.on(["GET", "POST"], `${options.mount}/*`, honoAuthHandler(config));
  app.get("/me", requireAuth(config), (c) => c.json(c.get("session")));
  app.get("/direct", async (c) => c.json(await getSession(c, config)));
  const team = new Hono<AuthEnv>();
  team.use(requireAuth(config, { status: 403 }));
  team.get("/reports", (c) => c.json({ reports: true }));
  app.route("/team", team);
  app.use(requireAuth(config, { paths: ["/admin/*", "/account"] }));
  app.get("/admin/panel", (c) => c.json({ admin: true }));
  app.get("/account", (c) => c.json({ account: true }));
  app.get("/admin/files/*", (c) => c.json({ file: true }));
  app.get("/public", (c) => c.json({ public: true }));
  app.notFound((c) => c.json({ notFound: true }, 404));
  app.onError((error, c) => c.json({ handled: error.message }, 500));
  return app;
}

/** Serves a Hono app on a free local port through `@hono/node-server`. */
export async function listenHono(app: { fetch: (request: Request, env: unknown) => unknown }) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch as never, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function startHonoApp(config: AuthConfig, options: HonoAppOptions) {
  return listenHono(createHonoApp(config, options));
}
