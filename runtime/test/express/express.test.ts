import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTestClient, setCookie, testConfig } from "../helpers.js";
import { type AppOptions, type ExpressModule, express4, express5, startApp } from "./app.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const variants: [string, ExpressModule, AppOptions][] = [
  ["Express 5, app.use('/auth')", express5, { mount: "/auth" }],
  ["Express 5, '/auth/*splat'", express5, { mount: "/auth/*splat" }],
  [
    "Express 5, '/auth/{*splat}' with body parsers",
    express5,
    { mount: "/auth/{*splat}", bodyParsers: true },
  ],
  [
    "Express 5, app.use('/api/v1/auth') with body parsers",
    express5,
    { mount: "/api/v1/auth", bodyParsers: true },
  ],
  [
    "Express 4, app.use('/auth') with body parsers",
    express4,
    { mount: "/auth", bodyParsers: true },
  ],
  ["Express 4, '/auth/*'", express4, { mount: "/auth/*" }],
  ["Express 4, app.use('/api/v1/auth')", express4, { mount: "/api/v1/auth" }],
];

describe.each(variants)("%s", (_label, express, options) => {
  const basePath = options.mount.startsWith("/api") ? "/api/v1/auth" : "/auth";
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(express, testConfig({}, ada), options);
  });
  afterAll(() => app.close());
  const client = () => new HttpTestClient(app.origin, basePath);

  it("serves providers and csrf with URLs under the mount", async () => {
    const c = client();
    const providers = (await (await c.request(`${basePath}/providers`)).json()) as Record<
      string,
      { signinUrl: string }
    >;
    expect(providers.credentials!.signinUrl).toBe(`${app.origin}${basePath}/signin/credentials`);
    expect(await c.csrfToken()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs in with credentials, protects routes, and signs out", async () => {
    const c = client();
    const response = await c.signInWithCredentials({ callbackUrl: "/me" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/me`);
    expect(response.headers.get("content-type")).toBeNull();
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    const me = await c.request("/me");
    expect(me.status).toBe(200);
    await expect(me.json()).resolves.toMatchObject({
      user: { name: "Ada", email: "ada@example.com" },
    });
    await expect((await c.request("/direct")).json()).resolves.toMatchObject({
      user: { name: "Ada" },
    });
    await expect((await c.request("/locals")).json()).resolves.toMatchObject({
      session: { user: { name: "Ada" } },
    });
    expect((await c.request("/admin/panel")).status).toBe(200);

    const out = await c.signOut();
    expect(out.status).toBe(302);
    const again = await c.request("/me", { headers: { accept: "text/html" } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fme`);
  });

  it("answers 401 JSON to API clients and lets public and unlisted paths through", async () => {
    const c = client();
    const api = await c.request("/me", { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    await expect(api.json()).resolves.toEqual({ message: "Unauthorized" });
    expect((await c.request("/admin/panel", { headers: { accept: "text/html" } })).status).toBe(
      302,
    );
    expect((await c.request("/public")).status).toBe(200);
    await expect((await c.request("/locals")).json()).resolves.toEqual({ session: null });
  });

  it("lets non-auth paths under the mount fall through to the app", async () => {
    const c = client();
    const unknown = await c.request(`${basePath}/not-an-endpoint`);
    expect(unknown.status).toBe(404);
    await expect(unknown.json()).resolves.toEqual({ notFound: true });
    expect((await c.request(basePath)).status).toBe(404);
  });

  it("reaches the app's error handler when the handler fails", async () => {
    const c = client();
    const response = await c.request("/explode/signin", { method: "POST", form: { a: "b" } });
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({ handled: "boom" });
  });

  it("reads JSON bodies too, and refuses oversized ones", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const json = await c.request(`${basePath}/callback/credentials`, { json: { csrfToken } });
    expect(json.status).toBe(302);
    expect(setCookie(json, "authjs.session-token")).toBeDefined();
    if (!options.bodyParsers) {
      const big = await c.request(`${basePath}/callback/credentials`, {
        form: { csrfToken, pad: "x".repeat(70_000) },
      });
      expect(big.status).toBe(413);
    }
  });
});

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
])("%s behind a proxy", (_label, express) => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };

  it("with trust proxy, X-Forwarded-* give __Secure- cookies in the handler and getSession", async () => {
    const app = await startApp(express, testConfig({}, ada), { mount: "/auth", trustProxy: true });
    try {
      const c = new HttpTestClient(app.origin);
      const csrf = await c.request("/auth/csrf", { headers: forwarded });
      expect(setCookie(csrf, "__Host-authjs.csrf-token")).toBeDefined();
      const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
      const signIn = await c.request("/auth/callback/credentials", {
        form: { csrfToken },
        headers: forwarded,
      });
      expect(signIn.headers.get("location")).toBe("https://app.example");
      expect(setCookie(signIn, "__Secure-authjs.session-token")?.attributes.secure).toBe(true);
      await expect(
        (await c.request("/direct", { headers: forwarded })).json(),
      ).resolves.toMatchObject({ user: { name: "Ada" } });
      // Without the header the same request is plain HTTP: the __Secure- cookie is not read.
      await expect((await c.request("/direct")).json()).resolves.toBeNull();
    } finally {
      await app.close();
    }
  });

  it("without trust proxy, both ignore X-Forwarded-*", async () => {
    const app = await startApp(express, testConfig({}, ada), { mount: "/auth" });
    try {
      const c = new HttpTestClient(app.origin);
      const csrf = await c.request("/auth/csrf", { headers: forwarded });
      expect(setCookie(csrf, "authjs.csrf-token")).toBeDefined();
      const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
      const signIn = await c.request("/auth/callback/credentials", {
        form: { csrfToken },
        headers: forwarded,
      });
      expect(signIn.headers.get("location")).toBe(app.origin);
      expect(setCookie(signIn, "authjs.session-token")).toBeDefined();
      await expect(
        (await c.request("/direct", { headers: forwarded })).json(),
      ).resolves.toMatchObject({ user: { name: "Ada" } });
    } finally {
      await app.close();
    }
  });
});
