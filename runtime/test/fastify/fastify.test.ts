import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastifyAuth, getSession, requireAuth } from "../../src/fastify/index.js";
import type { FastifyRequestLike } from "../../src/fastify/origin.js";
import { encode } from "../../src/jwt.js";
import { rawGet } from "../express/app.js";
import { HttpTestClient, SECRET, testConfig } from "../helpers.js";
import {
  expectSameOriginCallbackUrls,
  frameworkBehaviour,
  sessionCookie,
  signInCarrying,
} from "../support/framework-suite.js";
import {
  type FastifyAppOptions,
  type FastifyFactory,
  fastify4,
  fastify5,
  startFastifyApp,
} from "./app.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

const variants: [string, FastifyFactory, FastifyAppOptions][] = [
  ["Fastify 5, prefix /auth", fastify5, { prefix: "/auth" }],
  [
    "Fastify 5, prefix /api/v1/auth, the app's own form parser",
    fastify5,
    { prefix: "/api/v1/auth", formParser: true },
  ],
  ["Fastify 5, no prefix", fastify5, { prefix: "" }],
  [
    "Fastify 4, prefix /auth, the app's own form parser",
    fastify4,
    { prefix: "/auth", formParser: true },
  ],
  ["Fastify 4, prefix /api/v1/auth", fastify4, { prefix: "/api/v1/auth" }],
];

describe.each(variants)("%s", (_label, factory, options) => {
  const basePath = options.prefix || "/auth";
  frameworkBehaviour(basePath, () => startFastifyApp(factory, testConfig({}, ada), options));
});

describe.each(variants)("%s: Fastify's own routing and parsing", (_label, factory, options) => {
  let app: Awaited<ReturnType<typeof startFastifyApp>>;
  beforeAll(async () => {
    app = await startFastifyApp(factory, testConfig({}, ada), options);
  });
  afterAll(() => app.close());

  it("keeps its form parser inside the plugin: the app's routes parse as before", async () => {
    const c = new HttpTestClient(app.origin);
    const echo = await c.request("/echo", { form: { a: "b" } });
    if (options.formParser) {
      await expect(echo.json()).resolves.toEqual({ body: { a: "b", app: "parsed" } });
    } else {
      expect(echo.status).toBe(415);
    }
    await expect((await c.request("/echo", { json: { a: 1 } })).json()).resolves.toEqual({
      body: { a: 1 },
    });
  });

  it("protects raw paths whose dot segments Fastify routes as sent", async () => {
    const html = { accept: "text/html" };
    // Fastify routes this to /admin/files/*; a resolved URL would say /public.
    const dotted = await rawGet(app.origin, "/admin/files/x/../../../public", html);
    expect(dotted.status).toBe(302);
    expect((await rawGet(app.origin, "/public", html)).status).toBe(200);
  });
});

describe.each([
  ["Fastify 5", fastify5],
  ["Fastify 4", fastify4],
])("%s: where the endpoints live", (_label, factory) => {
  it("basePath wins over a prefix above it, and requireAuth knows it", async () => {
    const config = testConfig({ basePath: "/api/auth" }, ada);
    const app = await startFastifyApp(factory, config, { prefix: "/api" });
    try {
      const c = new HttpTestClient(app.origin, "/api/auth");
      expect((await c.request("/api/auth/csrf")).status).toBe(200);
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      expect(me.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fme");
      expect(sessionCookie(await c.signInWithCredentials({}))).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it("a basePath the prefix cannot serve fails the app's start", async () => {
    const app = factory();
    await expect(
      app.register(FastifyAuth(testConfig({ basePath: "/auth" }, ada)) as never, {
        prefix: "/api/auth",
      }),
    ).rejects.toThrow(
      /served at "\/api\/auth" .* but basePath is "\/auth": set basePath to "\/api\/auth"/,
    );
    await app.close();
  });

  it("with trustProxy, X-Forwarded-* give __Host- cookies in the plugin and getSession", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };
    const app = await startFastifyApp(factory, testConfig({}, ada), {
      prefix: "/auth",
      trustProxy: true,
    });
    try {
      const { signIn, direct } = await signInCarrying(app.origin, forwarded);
      expect(signIn.headers.get("location")).toBe("https://app.example");
      const cookie = sessionCookie(signIn);
      expect(cookie?.name.startsWith("__Host-")).toBe(true);
      expect(cookie?.attributes.secure).toBe(true);
      await expect(direct()).resolves.toMatchObject({ user: { name: "Ada" } });
      // Without the headers the same request is plain HTTP: the __Host- cookie is not read.
      await expect(direct({})).resolves.toBeNull();
    } finally {
      await app.close();
    }
  });

  it("without trustProxy, both ignore X-Forwarded-*", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };
    const app = await startFastifyApp(factory, testConfig({}, ada), { prefix: "/auth" });
    try {
      const { signIn, direct } = await signInCarrying(app.origin, forwarded);
      expect(signIn.headers.get("location")).toBe(app.origin);
      expect(sessionCookie(signIn)?.name.startsWith("__Host-")).toBe(false);
      await expect(direct()).resolves.toMatchObject({ user: { name: "Ada" } });
    } finally {
      await app.close();
    }
  });
});

describe.each([
  ["Fastify 5", fastify5],
  ["Fastify 4", fastify4],
])("%s: requireAuth for every route", (_label, factory) => {
  it("keeps the callbackUrl same-origin for //host and backslash paths", async () => {
    const config = testConfig({}, ada);
    const app = factory();
    await app.register(FastifyAuth(config) as never, { prefix: "/auth" });
    app.addHook("preHandler", requireAuth(config) as never);
    app.setNotFoundHandler(async () => ({ ok: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      await expectSameOriginCallbackUrls({ origin, close: () => app.close() });
    } finally {
      await app.close();
    }
  });
});

describe("getSession", () => {
  const SALT = "authjs.session-token";
  const request = (cookie?: string) =>
    ({
      headers: cookie ? { cookie } : {},
      protocol: "http",
      url: "/",
      method: "GET",
      raw: { socket: {} },
    }) as unknown as FastifyRequestLike;

  it("answers the session for a valid cookie and null for garbage and no cookie", async () => {
    const config = testConfig({}, ada);
    const valid = await encode({ token: { name: "Ada" }, secret: SECRET, salt: SALT });
    await expect(getSession(request(`${SALT}=${valid}`), config)).resolves.toMatchObject({
      user: { name: "Ada" },
    });
    await expect(getSession(request(`${SALT}=garbage`), config)).resolves.toBeNull();
    await expect(getSession(request(), config)).resolves.toBeNull();
  });
});
