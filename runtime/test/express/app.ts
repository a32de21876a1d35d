import http, { type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { authSession, ExpressAuth, getSession, requireAuth } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";

const require = createRequire(import.meta.url);
export type ExpressModule = typeof import("express");
/**
 * The Express copies the suites run against: the newest 5.x and 4.x (`express`, `express4`), or
 * the copies `EXPRESS5` and `EXPRESS4` name (the runtime project loads the oldest of each major
 * the peer range admits, vitest.config.ts).
 */
export const express5Name = process.env.EXPRESS5 ?? "express";
export const express4Name = process.env.EXPRESS4 ?? "express4";
export const express5 = require(express5Name) as ExpressModule;
export const express4 = require(express4Name) as ExpressModule;

/** The version of an installed Express copy (an npm alias too). */
export const expressVersion = (name: string): string =>
  (require(`${name}/package.json`) as { version: string }).version;

export interface AppOptions {
  mount: string;
  bodyParsers?: boolean;
  trustProxy?: boolean;
}

/** A real app: the auth handler, a protected page, an API, a 404 and an error handler. */
export async function startApp(express: ExpressModule, config: AuthConfig, options: AppOptions) {
  const app = express();
  if (options.trustProxy) app.set("trust proxy", true);
  if (options.bodyParsers) {
    app.use(express.json());
    app.use(express.urlencoded({ extended: true }));
  }
  app.use("/explode", (req, _res, next) => {
    // A request the handler cannot read (its cookie header throws): the failure must reach the
    // app's error handler.
    Object.defineProperty(req.headers, "cookie", {
      configurable: true,
      get: () => {
        throw new Error("boom");
      },
    });
    next();
  });
  app.use("/explode", ExpressAuth(config) as never);
  app.use(options.mount, ExpressAuth(config) as never);
  app.get("/me", requireAuth(config) as never, (_req, res) => {
    res.json(res.locals.session);
  });
  app.get("/direct", async (req, res) => {
    res.json(await getSession(req, config));
  });
  app.get("/locals", authSession(config) as never, (_req, res) => {
    res.json({ session: res.locals.session });
  });
  // A router protected as a whole, answering API clients with a custom status.
  const team = express.Router();
  team.use(requireAuth(config, { status: 403 }) as never);
  team.get("/reports", (_req, res) => {
    res.json({ reports: true });
  });
  app.use("/team", team);
  app.use(requireAuth(config, { paths: ["/admin/*", "/account"] }) as never);
  app.get("/admin/panel", (_req, res) => {
    res.json({ admin: true });
  });
  app.get("/account", (_req, res) => {
    res.json({ account: true });
  });
  app.get(express === express5 ? "/admin/files/*splat" : "/admin/files/*", (_req, res) => {
    res.json({ file: true });
  });
  app.get("/public", (_req, res) => {
    res.json({ public: true });
  });
  app.use((_req: unknown, res: { status(code: number): { json(body: unknown): void } }) => {
    res.status(404).json({ notFound: true });
  });
  app.use(jsonErrorHandler);
  return listen(app);
}

/** The app's own error middleware: 500 JSON naming the error, so a test sees it arrived. */
export function jsonErrorHandler(
  error: Error,
  _req: unknown,
  res: { status(code: number): { json(body: unknown): void } },
  _next: unknown,
) {
  res.status(500).json({ handled: error.message });
}

/** Starts an app on a free local port. */
export async function listen(app: { listen(port: number, host: string): Server }) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A GET with the path and headers sent byte for byte (fetch would normalise `\\` and dot
 * segments, and sets `Host` itself).
 */
export function rawGet(origin: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; location: string | undefined; body: string }>(
    (resolve, reject) => {
      const request = http.get({ hostname, port, path, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        );
      });
      request.on("error", reject);
    },
  );
}
