import { afterEach, describe, expect, it, vi } from "vitest";
import { ExpressAuth, requireAuth } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, HttpTestClient, setCookie, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, listen } from "./app.js";

const ada = { id: "1", name: "Ada" };
// The app's own pages, named like auth endpoints.
const appPages = ["/signin", "/error", "/session", "/providers", "/csrf", "/callback/credentials"];

/** `app.use(ExpressAuth(config))`: no mount path. */
async function start(express: ExpressModule, config: AuthConfig) {
  const app = express();
  app.use(ExpressAuth(config) as never);
  for (const page of appPages) {
    app.all(page, (_req, res) => {
      res.json({ page });
    });
  }
  app.get("/me", requireAuth(config) as never, (_req, res) => {
    res.json(res.locals.session);
  });
  return listen(app);
}

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [
  string,
  ExpressModule,
][])("%s: app.use(ExpressAuth(config)) without a path", (_label, express) => {
  afterEach(() => vi.restoreAllMocks());

  it("without basePath: serves under /auth, leaves the app's routes alone, warns once", async () => {
    const { logger, warnings } = captureLogger();
    const app = await start(express, testConfig({ logger }, ada));
    try {
      const c = new HttpTestClient(app.origin);
      for (const page of appPages) {
        await expect((await c.request(page)).json(), page).resolves.toEqual({ page });
        await expect(
          (await c.request(page, { method: "POST", form: { a: "b" } })).json(),
          page,
        ).resolves.toEqual({ page });
      }
      await expect((await c.request("/auth/providers")).json()).resolves.toMatchObject({
        credentials: { signinUrl: `${app.origin}/auth/signin/credentials` },
      });
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      expect(me.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fme");
      const signIn = await c.signInWithCredentials({ callbackUrl: "/me" });
      expect(setCookie(signIn, "authjs.session-token")).toBeDefined();
      await expect((await c.request("/me")).json()).resolves.toMatchObject({
        user: { name: "Ada" },
      });
      expect(warnings).toEqual(["express-root-mount"]);
    } finally {
      await app.close();
    }
  });

  it("without a logger, the console warning says what to do", async () => {
    const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const app = await start(express, { ...testConfig({}, ada), logger: undefined });
    try {
      const c = new HttpTestClient(app.origin);
      expect((await c.request("/auth/csrf")).status).toBe(200);
      expect((await c.request("/auth/session")).status).toBe(200);
      const messages = consoleWarn.mock.calls.map(([message]) => String(message));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/^\[auth\]\[warn\]\[express-root-mount\] /);
      expect(messages[0]).toContain('app.use("/auth", ExpressAuth(config))');
      expect(messages[0]).toContain("basePath");
    } finally {
      await app.close();
    }
  });

  it("with basePath: serves there, without a warning", async () => {
    const { logger, warnings } = captureLogger();
    const app = await start(express, testConfig({ logger, basePath: "/api/auth" }, ada));
    try {
      const c = new HttpTestClient(app.origin, "/api/auth");
      await expect((await c.request("/signin")).json()).resolves.toEqual({ page: "/signin" });
      const signIn = await c.signInWithCredentials({ callbackUrl: "/me" });
      expect(setCookie(signIn, "authjs.session-token")).toBeDefined();
      expect(warnings).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
