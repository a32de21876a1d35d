import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTestClient, setCookie, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, rawGet, startApp } from "./app.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

// Proxies and clients send X-Forwarded-* in any case and sometimes garbage: the handler and
// getSession must read them the same way, and never build a broken origin from them.
describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [
  string,
  ExpressModule,
][])("%s with trust proxy: odd X-Forwarded-* headers", (_label, express) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(express, testConfig({}, ada), { mount: "/auth", trustProxy: true });
  });
  afterAll(() => app.close());
  const signinUrl = async (headers: Record<string, string>) => {
    const response = await rawGet(app.origin, "/auth/providers", headers);
    expect(response.status, JSON.stringify(headers)).toBe(200);
    return (JSON.parse(response.body) as { credentials: { signinUrl: string } }).credentials
      .signinUrl;
  };

  it.each([
    "HTTPS",
    "Https",
    "HTTPS, http",
  ])("X-Forwarded-Proto %j: signed in over HTTPS, getSession and requireAuth see the session", async (proto) => {
    const forwarded = { "x-forwarded-proto": proto };
    const c = new HttpTestClient(app.origin);
    const csrf = await c.request("/auth/csrf", { headers: forwarded });
    expect(setCookie(csrf, "__Host-authjs.csrf-token")).toBeDefined();
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await c.request("/auth/callback/credentials", {
      form: { csrfToken },
      headers: forwarded,
    });
    expect(setCookie(signIn, "__Host-authjs.session-token")?.attributes.secure).toBe(true);
    await expect(
      (await c.request("/direct", { headers: forwarded })).json(),
    ).resolves.toMatchObject({ user: { name: "Ada" } });
    const me = await c.request("/me", { headers: { ...forwarded, accept: "application/json" } });
    expect(me.status).toBe(200);
    await expect(
      (await c.request("/auth/session", { headers: forwarded })).json(),
    ).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it.each([
    "ftp",
    "javascript",
    "ht tp",
    "https:",
    "https://evil.example",
    "",
  ])("X-Forwarded-Proto %j is ignored: the socket's protocol is used", async (proto) => {
    const host = new URL(app.origin).host;
    expect(await signinUrl({ "x-forwarded-proto": proto })).toBe(
      `http://${host}/auth/signin/credentials`,
    );
    const c = new HttpTestClient(app.origin);
    const csrf = await c.request("/auth/csrf", { headers: { "x-forwarded-proto": proto } });
    expect(csrf.status).toBe(200);
    expect(setCookie(csrf, "authjs.csrf-token")).toBeDefined();
  });

  it("a valid X-Forwarded-Host (with a port, or IPv6) is used", async () => {
    expect(await signinUrl({ "x-forwarded-host": "App.Example:8443" })).toBe(
      "http://app.example:8443/auth/signin/credentials",
    );
    expect(await signinUrl({ "x-forwarded-host": "[::1]:3000, proxy.internal" })).toBe(
      "http://[::1]:3000/auth/signin/credentials",
    );
  });

  it.each([
    "a b",
    "user@evil.example",
    "evil.example/x",
    "evil.example?x=1",
    "evil.example#x",
    "evil.example\\x",
    "[::1",
    "host:99999",
    "host:port",
    ":80",
    " ",
  ])("an invalid X-Forwarded-Host %j falls back to Host", async (forwardedHost) => {
    const host = new URL(app.origin).host;
    expect(await signinUrl({ "x-forwarded-host": forwardedHost })).toBe(
      `http://${host}/auth/signin/credentials`,
    );
  });
});

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [string, ExpressModule][])("%s: an invalid Host header", (_label, express) => {
  it("is refused with 400, not an error from deep inside", async () => {
    const app = await startApp(express, testConfig({}, ada), { mount: "/auth" });
    try {
      for (const host of ["a b", "user@evil.example", "evil.example/x"]) {
        const response = await rawGet(app.origin, "/auth/providers", { host });
        expect(response.status, host).toBe(400);
      }
      const c = new HttpTestClient(app.origin);
      expect((await c.request("/auth/providers")).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
