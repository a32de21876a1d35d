import { describe, expect, it, vi } from "vitest";
import {
  authMiddleware,
  getSession,
  SolidAuth,
  type SolidAuthConfig,
} from "../../src/solid-start/index.js";
import { captureLogger, setCookie, testConfig } from "../helpers.js";

const ORIGIN = "http://localhost:3000";
const config = (extra: Partial<SolidAuthConfig> = {}): SolidAuthConfig => ({
  ...testConfig({}, { id: "1", name: "Ada" }),
  ...extra,
});
const event = (path: string, init: RequestInit = {}) => ({
  request: new Request(`${ORIGIN}${path}`, init),
  locals: {} as Record<string, unknown>,
});

async function signedInCookie(cfg: SolidAuthConfig, prefix = "/api/auth") {
  const { GET, POST } = SolidAuth(cfg);
  const csrf = (await GET(event(`${prefix}/csrf`)))!;
  const cookie = setCookie(csrf, "authjs.csrf-token")!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = (await POST(
    event(`${prefix}/callback/credentials`, {
      method: "POST",
      headers: {
        cookie: `authjs.csrf-token=${encodeURIComponent(cookie.value)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrfToken }),
    }),
  ))!;
  return `authjs.session-token=${setCookie(signIn, "authjs.session-token")!.value}`;
}

describe("SolidAuth", () => {
  it("serves the endpoints under the prefix (default /api/auth) and nothing else", async () => {
    const { GET } = SolidAuth(config());
    const providers = (await GET(event("/api/auth/providers")))!;
    expect(providers.status).toBe(200);
    await expect(providers.json()).resolves.toMatchObject({
      credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` },
    });
    expect(await GET(event("/auth/providers"))).toBeUndefined();
    expect(await GET(event("/api/auth/unknown"))).toBeUndefined();
    expect(await GET(event("/api/other"))).toBeUndefined();
  });

  it("uses a custom prefix as the base path without touching the caller's object", async () => {
    const cfg = config({ prefix: "/auth" });
    const { GET } = SolidAuth(cfg);
    expect((await GET(event("/auth/csrf")))!.status).toBe(200);
    expect(await GET(event("/api/auth/csrf"))).toBeUndefined();
    expect(cfg.basePath).toBeUndefined();
  });

  it("signs in, and getSession reads the session from the same cookie", async () => {
    const cfg = config();
    const cookie = await signedInCookie(cfg);
    const request = new Request(`${ORIGIN}/anything`, { headers: { cookie } });
    await expect(getSession(request, cfg)).resolves.toMatchObject({ user: { name: "Ada" } });
    await expect(getSession(new Request(ORIGIN), cfg)).resolves.toBeNull();
  });

  it("getSession answers null for a broken configuration, and logs why", async () => {
    const { logger, errors } = captureLogger();
    const broken = config({ secret: "", logger });
    const cookie = await signedInCookie(config());
    await expect(
      getSession(new Request(ORIGIN, { headers: { cookie } }), broken),
    ).resolves.toBeNull();
    expect(errors[0]?.name).toBe("MissingSecret");
  });

  it("reads AUTH_SECRET_1..3 like every other integration (@auth/solid-start does not)", async () => {
    const previous = { ...process.env };
    process.env.AUTH_SECRET = "old-secret-0123456789-0123456789";
    try {
      const old = { ...testConfig({}, { id: "1" }), secret: undefined };
      const cookie = await signedInCookie(old);
      process.env.AUTH_SECRET_1 = "new-secret-0123456789-0123456789";
      const rotated = { ...testConfig({}, { id: "1" }), secret: undefined };
      await expect(
        getSession(new Request(ORIGIN, { headers: { cookie } }), rotated),
      ).resolves.not.toBeNull();
    } finally {
      process.env = previous;
    }
  });
});

describe("authMiddleware", () => {
  const cfg = config();
  const middleware = authMiddleware(cfg, { protectedPaths: ["/account", "/admin/*"] });

  it("puts the session on locals and lets signed-in requests through", async () => {
    const cookie = await signedInCookie(cfg);
    const e = event("/account", { headers: { cookie } });
    expect(await middleware(e)).toBeUndefined();
    expect(e.locals.session).toMatchObject({ user: { name: "Ada" } });
  });

  it("redirects signed-out browsers with a safe callbackUrl and answers 401 to API clients", async () => {
    const page = (await middleware(
      event("/admin/users?tab=2", { headers: { accept: "text/html" } }),
    ))!;
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(
      "/api/auth/signin?callbackUrl=%2Fadmin%2Fusers%3Ftab%3D2",
    );
    const sneaky = (await middleware(event("//account", { headers: { accept: "text/html" } })))!;
    expect(sneaky.status).toBe(302);
    expect(sneaky.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Faccount");
    const api = (await middleware(event("/account", { method: "POST" })))!;
    expect(api.status).toBe(401);
    const open = event("/public");
    expect(await middleware(open)).toBeUndefined();
    expect(open.locals.session).toBeNull();
  });
});

describe("authMiddleware on HEAD requests (as Express's requireAuth)", () => {
  const middleware = authMiddleware(config(), { protectedPaths: ["/account"] });

  it.each([
    ["a browser", "text/html,application/xhtml+xml,*/*;q=0.8", 302],
    ["a client without Accept", undefined, 302],
    ["an API client", "application/json", 401],
  ])("%s gets what a GET would", async (_who, accept, status) => {
    const headers: Record<string, string> = accept ? { accept } : {};
    for (const method of ["GET", "HEAD"]) {
      const response = (await middleware(event("/account", { method, headers })))!;
      expect(response.status, method).toBe(status);
      if (status === 302) {
        expect(response.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Faccount");
      }
    }
  });
});

describe("authMiddleware path matching", () => {
  const cfg = config();
  const middleware = authMiddleware(cfg, { protectedPaths: ["/admin/*", "/account"] });
  const html = { headers: { accept: "text/html" } };

  it("protects every spelling the router would serve (case, trailing and repeated slashes)", async () => {
    for (const path of [
      "/ADMIN/panel",
      "/Admin/Panel/",
      "/admin//panel",
      "/Account",
      "/account/",
      "/ACCOUNT//",
      "/%61ccount",
      "/account;jsessionid=1",
      "/admin%2Fpanel",
      "/admin",
    ]) {
      const response = await middleware(event(path, html));
      expect(response?.status, path).toBe(302);
      expect(response?.headers.get("location"), path).toMatch("/api/auth/signin?callbackUrl=%2F");
    }
    for (const path of ["/accounts", "/administrator", "/public/account", "/"]) {
      expect(await middleware(event(path, html)), path).toBeUndefined();
    }
  });

  it("also reads the raw path when the event carries it (dot segments not resolved)", async () => {
    const raw = { ...event("/public", html), nativeEvent: { path: "/admin/x/../../public" } };
    expect((await middleware(raw))?.status).toBe(302);
  });

  it("signed-in requests pass on every spelling", async () => {
    const cookie = await signedInCookie(cfg);
    for (const path of ["/ADMIN/panel", "/account/"]) {
      expect(await middleware(event(path, { headers: { cookie } })), path).toBeUndefined();
    }
  });

  it("regular expressions see the lower-cased path too, and /g patterns do not keep state", async () => {
    const regex = authMiddleware(cfg, { protectedPaths: [/^\/billing(\/|$)/g] });
    for (const path of ["/billing", "/Billing/", "/BILLING/x", "/billing"]) {
      expect((await regex(event(path, html)))?.status, path).toBe(302);
    }
  });

  it("sends signed-out browsers to pages.signIn when configured", async () => {
    const custom = authMiddleware(config({ pages: { signIn: "/login" } }), {
      protectedPaths: ["/account"],
    });
    const response = await custom(event("/Account", html));
    expect(response?.headers.get("location")).toBe("/login?callbackUrl=%2FAccount");
  });
});

describe("SolidAuth request bodies", () => {
  it("stops reading a chunked body (no Content-Length) past 64 KiB and answers 413", async () => {
    const { POST } = SolidAuth(config());
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(120);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 8 MiB offered; a reader that buffers everything takes it all.
        if (pulled >= 8 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const response = await Promise.race([
      POST({ request }),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 2000)),
    ]);
    expect(response).not.toBe("timeout");
    expect((response as Response).status).toBe(413);
    expect(pulled).toBeLessThan(256 * 1024);
  });

  it("still reads a chunked body under the limit", async () => {
    const cfg = config();
    const { GET, POST } = SolidAuth(cfg);
    const csrf = (await GET(event("/api/auth/csrf")))!;
    const cookie = setCookie(csrf, "authjs.csrf-token")!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const bytes = new TextEncoder().encode(new URLSearchParams({ csrfToken }).toString());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const response = (await POST({
      request: new Request(`${ORIGIN}/api/auth/callback/credentials`, {
        method: "POST",
        headers: {
          cookie: `authjs.csrf-token=${encodeURIComponent(cookie.value)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body,
        duplex: "half",
      } as RequestInit),
    }))!;
    expect(response.status).toBe(302);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
  });
});

describe("SolidAuth on HEAD requests (SolidStart routes HEAD to GET)", () => {
  it.each([
    "/api/auth/session",
    "/api/auth/csrf",
    "/api/auth/providers",
    "/api/auth/signin",
    "/api/auth/signout",
    "/api/auth/error",
    "/api/auth/verify-request",
  ])("HEAD %s answers what GET does, without a body", async (path) => {
    const { GET } = SolidAuth(config());
    const get = (await GET(event(path)))!;
    const head = (await GET(event(path, { method: "HEAD" })))!;
    expect(head.status).toBe(200);
    expect(head.status).toBe(get.status);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(await head.text()).toBe("");
    if (path.endsWith("/csrf")) expect(setCookie(head, "authjs.csrf-token")).toBeDefined();
  });

  it("HEAD on a signed-in session answers what GET does, cookies included", async () => {
    const cfg = config();
    const cookie = await signedInCookie(cfg);
    const { GET } = SolidAuth(cfg);
    const get = (await GET(event("/api/auth/session", { headers: { cookie } })))!;
    const head = (await GET(event("/api/auth/session", { method: "HEAD", headers: { cookie } })))!;
    expect(head.status).toBe(200);
    expect(head.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(
      get.headers.getSetCookie().map((c) => c.split("=")[0]),
    );
    expect(head.headers.get("cache-control")).toBe(get.headers.get("cache-control"));
  });

  it("HEAD on the callback does not run it (links in mail are scanned with HEAD)", async () => {
    const { GET } = SolidAuth(config());
    const head = (await GET(event("/api/auth/callback/credentials", { method: "HEAD" })))!;
    expect(head.status).toBe(400);
    expect(setCookie(head, "authjs.session-token")).toBeUndefined();
  });
});

describe("authMiddleware protecting every path", () => {
  const html = { headers: { accept: "text/html" } };

  it("lets the auth endpoints and the sign-in, error and verify-request pages through", async () => {
    const pages = { signIn: "/login", error: "/oops?x=1", verifyRequest: "/check-email" };
    const middleware = authMiddleware(config({ pages }), { protectedPaths: ["/*"] });
    for (const path of [
      "/api/auth/signin",
      "/api/auth/csrf",
      "/api/auth/session/",
      "/api/auth/callback/credentials",
      "/login",
      "/login/",
      "/oops",
      "/check-email",
    ]) {
      expect(await middleware(event(path, html)), path).toBeUndefined();
    }
    // What SolidAuth does not serve stays protected (it matches the prefix as written).
    for (const path of [
      "/",
      "/private",
      "/api/auth/profile",
      "/api/auth",
      "/API/auth/csrf",
      "/loginx",
      "/login/x",
    ]) {
      expect((await middleware(event(path, html)))?.status, path).toBe(302);
    }
  });

  it("the default sign-in page and redirectTo are reachable: no redirect loop", async () => {
    const middleware = authMiddleware(config(), { protectedPaths: ["/*"] });
    const page = (await middleware(event("/private", html)))!;
    expect(page.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fprivate");
    expect(await middleware(event(page.headers.get("location")!, html))).toBeUndefined();
    const custom = authMiddleware(config(), { protectedPaths: ["/*"], redirectTo: "/welcome" });
    expect(await custom(event("/welcome?from=x", html))).toBeUndefined();
  });

  it("a raw path that only looks like an auth path stays protected", async () => {
    const middleware = authMiddleware(config(), { protectedPaths: ["/*"] });
    const raw = {
      ...event("/api/auth/signin", html),
      nativeEvent: { path: "/api/auth/signin/../../../private" },
    };
    expect((await middleware(raw))?.status).toBe(302);
  });
});

describe("getSession with a configuration that cannot be resolved", () => {
  it("answers null through the configuration's logger, and does not throw", async () => {
    const { logger, errors } = captureLogger();
    const broken = { ...config({ logger }), prefix: 42 } as unknown as SolidAuthConfig;
    const cookie = await signedInCookie(config());
    await expect(
      getSession(new Request(ORIGIN, { headers: { cookie } }), broken),
    ).resolves.toBeNull();
    // `prefix` is the base path: the option is named as the runtime reads it.
    expect(errors[0]?.message).toMatch(/basePath must be a string, received number 42/);
  });

  it("answers null with one clear console error when there is no logger", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = { ...config(), logger: undefined, prefix: 42 } as unknown as SolidAuthConfig;
      for (let i = 0; i < 3; i++) {
        await expect(getSession(new Request(ORIGIN), broken)).resolves.toBeNull();
      }
      await expect(getSession(new Request(ORIGIN), undefined as never)).resolves.toBeNull();
      // Once per configuration (and once for a missing one), not once per request.
      const messages = consoleError.mock.calls.map(([message]) => String(message));
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatch(/^\[auth\]\[error\] InvalidConfig: basePath must be a string/);
      expect(messages[1]).toMatch(
        /^\[auth\]\[error\] getSession: the auth configuration could not be read/,
      );
    } finally {
      consoleError.mockRestore();
    }
  });
});
