import { get } from "node:http";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { HonoAuth, requireAuth } from "../../src/hono/index.js";
import { encode } from "../../src/jwt.js";
import { captureLogger, HttpTestClient, testConfig } from "../helpers.js";
import {
  expectSameOriginCallbackUrls,
  frameworkBehaviour,
  sessionCookie,
  signInCarrying,
} from "../support/framework-suite.js";
import { createHonoApp, type HonoAppOptions, listenHono, startHonoApp } from "./app.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

const variants: [string, HonoAppOptions][] = [
  ['app.route("/auth", HonoAuth(config))', { style: "route", mount: "/auth" }],
  [
    'app.route("/api/v1/auth", …) behind a middleware that read the body',
    { style: "route", mount: "/api/v1/auth", readsBodies: true },
  ],
  ['app.on(["GET", "POST"], "/auth/*", honoAuthHandler(config))', { style: "on", mount: "/auth" }],
];

describe.each(variants)("Hono, %s", (_label, options) => {
  frameworkBehaviour(options.mount, () => startHonoApp(testConfig({}, ada), options));
});

describe("Hono: where the endpoints live", () => {
  it("mounted at the root, the endpoints stay under /auth", async () => {
    const app = await startHonoApp(testConfig({}, ada), { style: "route", mount: "/" });
    try {
      const c = new HttpTestClient(app.origin);
      expect((await c.request("/auth/csrf")).status).toBe(200);
      expect((await c.request("/csrf")).status).toBe(404);
      expect(sessionCookie(await c.signInWithCredentials({}))).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it("basePath is known to requireAuth before any request reached the handler", async () => {
    const config = testConfig({ basePath: "/api/auth" }, ada);
    const app = await startHonoApp(config, { style: "route", mount: "/api/auth" });
    try {
      const c = new HttpTestClient(app.origin, "/api/auth");
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      expect(me.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fme");
      expect(sessionCookie(await c.signInWithCredentials({}))).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it("a basePath the mount cannot serve serves nothing, logged once", async () => {
    const { logger, errors } = captureLogger();
    const app = await startHonoApp(testConfig({ basePath: "/auth", logger }, ada), {
      style: "route",
      mount: "/api/auth",
    });
    try {
      const c = new HttpTestClient(app.origin, "/api/auth");
      expect((await c.request("/api/auth/csrf")).status).toBe(404);
      expect((await c.request("/api/auth/session")).status).toBe(404);
      expect(errors.map((error) => error.message)).toEqual([
        'HonoAuth is mounted at "/api/auth" but basePath is "/auth": nothing is served there.',
      ]);
    } finally {
      await app.close();
    }
  });

  it("a mount with parameters needs basePath: no request can choose the base path", async () => {
    const { logger, errors } = captureLogger();
    const config = testConfig({ logger }, ada);
    const app = new Hono();
    app.route("/:tenant/auth", HonoAuth(config));
    const served = await listenHono(app);
    try {
      const c = new HttpTestClient(served.origin, "/evil/auth");
      expect((await c.request("/evil/auth/csrf")).status).toBe(404);
      expect(errors).toHaveLength(1);
    } finally {
      await served.close();
    }
  });
});

describe("Hono: the origin is the request URL's", () => {
  it("X-Forwarded-* move neither links nor cookie names; AUTH_URL does", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };
    const app = await startHonoApp(testConfig({}, ada), { style: "route", mount: "/auth" });
    try {
      const { signIn, direct } = await signInCarrying(app.origin, forwarded);
      expect(signIn.headers.get("location")).toBe(app.origin);
      expect(sessionCookie(signIn)?.name.startsWith("__Host-")).toBe(false);
      await expect(direct()).resolves.toMatchObject({ user: { name: "Ada" } });
    } finally {
      await app.close();
    }
    vi.stubEnv("AUTH_URL", "https://app.example/auth");
    const behind = await startHonoApp(testConfig({}, ada), { style: "route", mount: "/auth" });
    try {
      const { signIn } = await signInCarrying(behind.origin, {});
      expect(signIn.headers.get("location")).toBe("https://app.example");
      expect(sessionCookie(signIn)?.name.startsWith("__Host-")).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      await behind.close();
    }
  });
});

describe("Hono: requireAuth for every route", () => {
  it("keeps the callbackUrl same-origin for //host and backslash paths", async () => {
    const config = testConfig({}, ada);
    const app = new Hono();
    app.route("/auth", HonoAuth(config));
    app.use(requireAuth(config));
    app.notFound((c) => c.json({ ok: true }));
    const served = await listenHono(app);
    try {
      // @hono/node-server refuses a backslash in the path with 400 before Hono sees it.
      await expectSameOriginCallbackUrls(served, ["/\\evil.com"]);
    } finally {
      await served.close();
    }
  });
});

describe("Hono: getSession reads the Cookie header wherever the app runs", () => {
  it("served by @hono/node-server (c.env.incoming) and through app.request() alike", async () => {
    const config = testConfig({}, ada);
    const token = await encode({
      token: { name: "Ada", email: ada.email, sub: ada.id },
      secret: config.secret as string,
      salt: "authjs.session-token",
    });
    const app = createHonoApp(config, { style: "route", mount: "/auth" });
    const headers = { cookie: `theme=dark; authjs.session-token=${token}` };
    // No Node request behind it (as on Bun or Deno): the Request's own headers.
    const direct = await app.request("/direct", { headers });
    expect((await direct.json()).user).toMatchObject({ email: ada.email });
    expect(await (await app.request("/direct")).json()).toBeNull();
    // On Node: the IncomingMessage's own header.
    const served = await listenHono(app);
    try {
      const one = await fetch(`${served.origin}/direct`, { headers });
      expect((await one.json()).user).toMatchObject({ email: ada.email });
      expect(await (await fetch(`${served.origin}/direct`)).json()).toBeNull();
      // Two Cookie header lines (HTTP/1.1 clients may send them): Node joins them with "; ".
      const split = await new Promise<string>((resolve, reject) => {
        const request = get(
          `${served.origin}/direct`,
          { headers: { cookie: ["theme=dark", `authjs.session-token=${token}`] } },
          (response) => {
            let body = "";
            response.on("data", (chunk) => {
              body += chunk;
            });
            response.on("end", () => resolve(body));
          },
        );
        request.on("error", reject);
      });
      expect(JSON.parse(split).user).toMatchObject({ email: ada.email });
    } finally {
      await served.close();
    }
  });
});
