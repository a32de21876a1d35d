import { describe, expect, it } from "vitest";
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
    expect(sneaky).toBeUndefined();
    const api = (await middleware(event("/account", { method: "POST" })))!;
    expect(api.status).toBe(401);
    const open = event("/public");
    expect(await middleware(open)).toBeUndefined();
    expect(open.locals.session).toBeNull();
  });
});
