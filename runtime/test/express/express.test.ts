import { hkdfSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import { base64url, calculateJwkThumbprint, EncryptJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ExpressAuth, getSession, requireAuth } from "../../src/express/index.js";
import type { ExpressRequest } from "../../src/express/types.js";
import { encode } from "../../src/jwt.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, HttpTestClient, SECRET, setCookie, testConfig } from "../helpers.js";
import {
  type AppOptions,
  type ExpressModule,
  express4,
  express5,
  rawGet,
  startApp,
} from "./app.js";

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

  it("answers unknown actions and methods under the base path with 400, as @auth/express", async () => {
    const c = client();
    const unknown = await c.request(`${basePath}/not-an-endpoint`);
    expect(unknown.status).toBe(400);
    await expect(unknown.json()).resolves.toBe("Bad request.");
    expect((await c.request(`${basePath}/session`, { method: "PUT" })).status).toBe(400);
    // The mount path itself is no endpoint path: the app's.
    expect((await c.request(basePath)).status).toBe(404);
  });

  it("reaches the app's error handler when the handler fails", async () => {
    const c = client();
    const response = await c.request("/explode/signin", { method: "POST", form: { a: "b" } });
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({ handled: "boom" });
  });

  it("reads JSON bodies too, and refuses oversized ones (even when a body parser read them)", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const json = await c.request(`${basePath}/callback/credentials`, { json: { csrfToken } });
    expect(json.status).toBe(302);
    expect(setCookie(json, "authjs.session-token")).toBeDefined();
    const big = await c.request(`${basePath}/callback/credentials`, {
      form: { csrfToken, pad: "x".repeat(70_000) },
    });
    expect(big.status).toBe(413);
    expect(setCookie(big, "authjs.session-token")).toBeUndefined();
    const bigJson = await c.request(`${basePath}/callback/credentials`, {
      json: { csrfToken, pad: "x".repeat(70_000) },
    });
    expect(bigJson.status).toBe(413);
  });

  it("protects listed paths however Express would route them", async () => {
    const c = client();
    const spellings = ["/ADMIN/panel", "/Admin/Panel/", "/admin//panel", "/Account", "/account/"];
    for (const path of [...spellings, "/ACCOUNT//", "/account;x=1", "/%61ccount"]) {
      const page = await c.request(path, { headers: { accept: "text/html" } });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toMatch(`${basePath}/signin?callbackUrl=%2F`);
    }
    for (const path of spellings) {
      const api = await c.request(path, { headers: { accept: "application/json" } });
      expect(api.status, path).toBe(401);
    }
    await c.signInWithCredentials({});
    for (const path of ["/ADMIN/panel", "/Account"]) {
      expect((await c.request(path)).status, path).toBe(200);
    }
  });

  it("protects raw paths whose dot segments Express does not resolve", async () => {
    const html = { accept: "text/html" };
    // Express routes this to /admin/files/*; a resolved URL would say /public.
    const dotted = await rawGet(app.origin, "/admin/files/x/../../../public", html);
    expect(dotted.status).toBe(302);
    expect(dotted.location).toMatch(`${basePath}/signin?callbackUrl=`);
    expect((await rawGet(app.origin, "/ADMIN/files/a;b", html)).status).toBe(302);
    expect((await rawGet(app.origin, "/public", html)).status).toBe(200);
  });

  it("requireAuth protects a whole router, with a custom status for API clients", async () => {
    const c = client();
    const page = await c.request("/team/reports", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fteam%2Freports`);
    const api = await c.request("/team/reports", { headers: { accept: "application/json" } });
    expect(api.status).toBe(403);
    await expect(api.json()).resolves.toEqual({ message: "Unauthorized" });
    await c.signInWithCredentials({});
    await expect((await c.request("/team/reports")).json()).resolves.toEqual({ reports: true });
  });
});

describe.each(variants)("%s, on a fresh app", (_label, express, options) => {
  const basePath = options.mount.startsWith("/api") ? "/api/v1/auth" : "/auth";

  it("a hostile first request cannot move the base path or create a new one", async () => {
    const app = await startApp(express, testConfig({}, ada), options);
    try {
      const c = new HttpTestClient(app.origin, basePath);
      expect((await c.request(`${basePath}/evil/csrf`)).status).toBe(400);
      expect((await c.request(`${basePath}/evil/providers`)).status).toBe(400);
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      expect(me.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fme`);
      expect((await c.request(`${basePath}/csrf`)).status).toBe(200);
      expect((await c.request(`${basePath}/evil/signin`)).status).toBe(400);
    } finally {
      await app.close();
    }
  });

  it("a first request in other letter case is served under the mount as written", async () => {
    const app = await startApp(express, testConfig({}, ada), options);
    try {
      const c = new HttpTestClient(app.origin, basePath);
      const providers = await c.request(`${basePath.toUpperCase()}/providers`);
      expect(providers.status).toBe(200);
      await expect(providers.json()).resolves.toMatchObject({
        credentials: { signinUrl: `${app.origin}${basePath}/signin/credentials` },
      });
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      expect(me.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fme`);
      const response = await c.signInWithCredentials({ callbackUrl: "/me" });
      expect(setCookie(response, "authjs.session-token")).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
])("%s behind a proxy", (_label, express) => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };

  it("with trust proxy, X-Forwarded-* give __Host- cookies in the handler and getSession", async () => {
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
      expect(setCookie(signIn, "__Host-authjs.session-token")?.attributes.secure).toBe(true);
      await expect(
        (await c.request("/direct", { headers: forwarded })).json(),
      ).resolves.toMatchObject({ user: { name: "Ada" } });
      // Without the header the same request is plain HTTP: the __Host- cookie is not read.
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

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
])("%s: requireAuth before any request reached ExpressAuth", (_label, express) => {
  const mount = { mount: "/api/v1/auth" };
  const firstRedirect = async (config: AuthConfig) => {
    const app = await startApp(express, config, mount);
    try {
      const c = new HttpTestClient(app.origin, "/api/v1/auth");
      const me = await c.request("/me", { headers: { accept: "text/html" } });
      const again = await c.request("/me", { headers: { accept: "text/html" } });
      expect(again.headers.get("location")).toBe(me.headers.get("location"));
      const csrf = await c.request("/api/v1/auth/csrf");
      const after = await c.request("/me", { headers: { accept: "text/html" } });
      return {
        first: me.headers.get("location"),
        csrf: csrf.status,
        after: after.headers.get("location"),
      };
    } finally {
      await app.close();
    }
  };

  it("redirects to the sign-in page under basePath", async () => {
    const config = testConfig({ basePath: "/api/v1/auth" }, ada);
    await expect(firstRedirect(config)).resolves.toEqual({
      first: "/api/v1/auth/signin?callbackUrl=%2Fme",
      csrf: 200,
      after: "/api/v1/auth/signin?callbackUrl=%2Fme",
    });
  });

  it("redirects to the sign-in page under AUTH_URL's path", async () => {
    vi.stubEnv("AUTH_URL", "http://127.0.0.1/api/v1/auth");
    try {
      const result = await firstRedirect(testConfig({}, ada));
      expect(result.first).toBe("/api/v1/auth/signin?callbackUrl=%2Fme");
      expect(result.csrf).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("without either, assumes /auth until the mount is known and warns once", async () => {
    const { logger, warnings } = captureLogger();
    await expect(firstRedirect(testConfig({ logger }, ada))).resolves.toEqual({
      first: "/auth/signin?callbackUrl=%2Fme",
      csrf: 200,
      after: "/api/v1/auth/signin?callbackUrl=%2Fme",
    });
    expect(warnings).toEqual(["express-basepath-unknown"]);
  });

  it("a basePath the mount does not cover serves nothing there, with a warning", async () => {
    const { logger, warnings } = captureLogger();
    const result = await firstRedirect(testConfig({ basePath: "/auth", logger }, ada));
    expect(result).toMatchObject({ first: "/auth/signin?callbackUrl=%2Fme", csrf: 404 });
    expect(warnings).toEqual(["express-mount-basepath-mismatch"]);
  });

  it("a custom sign-in page wins", async () => {
    const config = testConfig({ pages: { signIn: "/login" } }, ada);
    await expect(firstRedirect(config)).resolves.toMatchObject({
      first: "/login?callbackUrl=%2Fme",
    });
  });
});

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
])("%s: requireAuth for every route", (_label, express) => {
  it("keeps the callbackUrl same-origin for //host and backslash paths", async () => {
    const config = testConfig({}, ada);
    const app = express();
    app.use("/auth", ExpressAuth(config) as never);
    app.use(requireAuth(config) as never);
    app.use((_req: unknown, res: { json(body: unknown): void }) => res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = { accept: "text/html" };
      for (const path of ["//evil.com", "//evil.com/x?y=1", "/\\evil.com", "/%2F%2Fevil.com"]) {
        const { status, location } = await rawGet(origin, path, html);
        expect(status, path).toBe(302);
        const callbackUrl = new URL(location!, origin).searchParams.get("callbackUrl")!;
        expect(callbackUrl, path).toMatch(/^\/[^/\\]/);
        expect(new URL(callbackUrl, origin).origin, path).toBe(origin);
        // Signing in with it lands on this origin.
        const c = new HttpTestClient(origin);
        const signIn = await c.signInWithCredentials({ callbackUrl });
        expect(new URL(signIn.headers.get("location")!).origin, path).toBe(origin);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("getSession", () => {
  const SALT = "authjs.session-token";
  const request = (cookie?: string) =>
    ({
      headers: cookie ? { cookie } : {},
      socket: { remoteAddress: "127.0.0.1" },
      protocol: "http",
    }) as unknown as ExpressRequest;

  it("answers null for garbage, tampered and expired cookies", async () => {
    const config = testConfig({}, ada);
    const valid = await encode({ token: { name: "Ada" }, secret: SECRET, salt: SALT });
    await expect(getSession(request(`${SALT}=${valid}`), config)).resolves.toMatchObject({
      user: { name: "Ada" },
    });
    const expired = await encode({
      token: { name: "Ada" },
      secret: SECRET,
      salt: SALT,
      maxAge: -60,
    });
    const tampered = `${valid.slice(0, -4)}AAAA`;
    for (const value of ["garbage", "a.b.c.d.e", tampered, expired, "", "%E0%A4%A"]) {
      await expect(getSession(request(`${SALT}=${value}`), config), value).resolves.toBeNull();
    }
    await expect(getSession(request(), config)).resolves.toBeNull();
  });

  it("answers null for a broken configuration, and logs why", async () => {
    const { logger, errors } = captureLogger();
    const valid = await encode({ token: { name: "Ada" }, secret: SECRET, salt: SALT });
    const broken = { ...testConfig({ logger }, ada), secret: "" };
    await expect(getSession(request(`${SALT}=${valid}`), broken)).resolves.toBeNull();
    expect(errors[0]?.name).toBe("MissingSecret");
  });

  it("builds no Web Request or Response and makes no Web Crypto call", async () => {
    // A fresh secret, and a cookie minted without the runtime (so its key cache stays cold).
    const secret = `spy-secret-${crypto.randomUUID()}`;
    const key = new Uint8Array(
      hkdfSync("sha256", secret, SALT, `Auth.js Generated Encryption Key (${SALT})`, 64),
    );
    const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512");
    const now = Math.floor(Date.now() / 1000);
    const token = await new EncryptJWT({ name: "Ada", sub: "1" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .setJti(crypto.randomUUID())
      .encrypt(key);
    const config = testConfig({ secret }, ada);
    const constructed = { Request: 0, Response: 0 };
    const counting = <T extends object>(name: "Request" | "Response", Original: T) =>
      new Proxy(Original, {
        construct(target, args, newTarget) {
          constructed[name]++;
          return Reflect.construct(target as never, args, newTarget);
        },
      });
    vi.stubGlobal("Request", counting("Request", Request));
    vi.stubGlobal("Response", counting("Response", Response));
    // Keys are derived and tokens decrypted on node:crypto, synchronously (jwt/direct-jwe.ts).
    const subtle = (["deriveBits", "importKey", "decrypt", "sign", "digest"] as const).map(
      (method) => vi.spyOn(crypto.subtle, method),
    );
    try {
      for (let i = 0; i < 5; i++) {
        await expect(getSession(request(`${SALT}=${token}`), config)).resolves.toMatchObject({
          user: { name: "Ada" },
        });
      }
      for (const spy of subtle) expect(spy).not.toHaveBeenCalled();
      expect(constructed).toEqual({ Request: 0, Response: 0 });
    } finally {
      for (const spy of subtle) spy.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
