import express from "express";
import { BASE_PATH, PASSWORD, SECRET, USER, USERNAME } from "../lib/shared.mjs";

/**
 * The credentials check both apps share. Plain string comparison: password hashing would
 * dominate every flow and hide the libraries' own cost.
 *
 * @param {Record<string, unknown>} credentials
 */
export function authorize(credentials) {
  return credentials.username === USERNAME && credentials.password === PASSWORD ? USER : null;
}

/**
 * The benchmarked Express 5 app, built the same way for both libraries so that only the auth
 * library differs: `/public` (the ceiling), `/protected` (a `getSession` read) and the auth
 * endpoints mounted with `app.use("/auth", …)`, the mount both libraries resolve on Express 5
 * (`@auth/express` derives its base path from `req.baseUrl` there).
 *
 * @param {{ ExpressAuth: (config: any) => import("express").RequestHandler,
 *   getSession: (req: import("express").Request, config: any) => Promise<unknown>,
 *   config: object }} library
 */
export function createApp({ ExpressAuth, getSession, config }) {
  const app = express();
  app.get("/public", (_req, res) => {
    res.json({ ok: true, user: null });
  });
  app.get("/protected", async (req, res, next) => {
    try {
      const session = /** @type {{ user?: { email?: string } } | null} */ (
        await getSession(req, config)
      );
      if (!session) {
        res.status(401).json({ ok: false, user: null });
        return;
      }
      res.json({ ok: true, user: session.user?.email ?? null });
    } catch (error) {
      next(error);
    }
  });
  app.use(BASE_PATH, ExpressAuth(config));
  return app;
}

/** The configuration both libraries take (the Auth.js shape), minus the providers. */
export function baseConfig() {
  return {
    secret: SECRET,
    basePath: BASE_PATH,
    // @auth/express refuses 127.0.0.1 without it; ours gets the same setting for parity.
    trustHost: true,
    session: { strategy: "jwt" },
  };
}
