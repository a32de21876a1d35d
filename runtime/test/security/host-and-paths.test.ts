import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { outboxEmailProvider, testConfig } from "../helpers.js";
import { useMockOP } from "../oauth/harness.js";
import { cookieHeader, rawRequest, type Served, serve } from "./server.js";

// Host and forwarded-header poisoning of every URL the runtime builds (links in mail, the
// OAuth redirect_uri, redirects), path tricks aimed at caches, and redirect status codes.

const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const mail = outboxEmailProvider();
const op = useMockOP();
const config = (): AuthConfig =>
  testConfig({
    adapter: memoryAdapter(),
    session: { strategy: "jwt" },
    providers: [Credentials({ authorize: () => ada }), mail.provider, op.oidc()],
  });

const poison = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "host=evil.example;proto=https",
  "x-forwarded-port": "8443",
  "x-original-url": "/evil",
  "x-rewrite-url": "/evil",
};

/** Every URL the runtime hands out for one visit: provider URLs, mail link, redirect_uri, Location. */
async function urlsFor(served: Served, headers: Record<string, string>) {
  const providers = await rawRequest(served.origin, { path: "/auth/providers", headers });
  const client = served.client();
  const csrf = await client.request("/auth/csrf", { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  await client.request("/auth/signin/email", {
    headers,
    form: { email: "ada@example.com", csrfToken },
  });
  const oauth = await client.request("/auth/signin/mock", { headers, form: { csrfToken } });
  const signIn = await client.request("/auth/callback/credentials", {
    headers,
    form: { csrfToken, callbackUrl: "/after" },
  });
  const page = await rawRequest(served.origin, { path: "/auth/signin", headers });
  return {
    signinUrl: (JSON.parse(providers.body) as { credentials: { signinUrl: string } }).credentials
      .signinUrl,
    mailLink: mail.outbox.at(-1)!.url,
    redirectUri: new URL(oauth.headers.get("location")!).searchParams.get("redirect_uri")!,
    location: signIn.headers.get("location")!,
    formActions: [...page.body.matchAll(/action="([^"]*)"/g)].map((m) => m[1]!),
  };
}

describe("without trust proxy, forwarded headers never reach a URL", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(config());
  });
  afterAll(() => served.close());

  it("links, the mail link, redirect_uri and redirects stay on the real host", async () => {
    const urls = await urlsFor(served, poison);
    for (const url of [
      urls.signinUrl,
      urls.mailLink,
      urls.redirectUri,
      urls.location,
      ...urls.formActions,
    ])
      expect(new URL(url).origin, url).toBe(served.origin);
    expect(urls.location).toBe(`${served.origin}/after`);
  });
});

describe("with AUTH_URL, the Host header is never used", () => {
  let served: Served;
  const saved = process.env.AUTH_URL;
  beforeAll(async () => {
    process.env.AUTH_URL = "https://app.example";
    served = await serve(config());
  });
  afterAll(async () => {
    await served.close();
    if (saved === undefined) delete process.env.AUTH_URL;
    else process.env.AUTH_URL = saved;
  });

  it.each([
    ["a foreign Host", { host: "evil.example" }],
    ["a foreign Host with forwarded headers", { host: "evil.example", ...poison }],
    ["a Host with a port", { host: "app.example:666" }],
  ])("%s: every URL is on AUTH_URL's origin", async (_label, headers) => {
    const urls = await urlsFor(served, headers);
    for (const url of [
      urls.signinUrl,
      urls.mailLink,
      urls.redirectUri,
      urls.location,
      ...urls.formActions,
    ])
      expect(new URL(url).origin, url).toBe("https://app.example");
  });
});

describe("hostile Host headers", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(config());
  });
  afterAll(() => served.close());

  it.each([
    "evil.example/path",
    "evil.example?x",
    "evil.example#x",
    "user@evil.example",
    "evil.example:99999",
    "evil.example:1:2",
    "[::1",
    "ev il.example",
    "evil.example\\x",
    "<script>",
  ])("Host %j: refused with 400 on auth paths, never a 5xx or a link to it", async (host) => {
    for (const path of ["/auth/providers", "/auth/signin", "/auth/csrf"]) {
      const response = await rawRequest(served.origin, { path, headers: { host } });
      expect(response.status, `${host} ${path}`).toBe(400);
      expect(response.body).not.toContain("evil.example");
    }
    expect((await rawRequest(served.origin, { path: "/auth/csrf" })).status).toBe(200);
  });
});

describe("paths", () => {
  let served: Served;
  let cookie: string;
  beforeAll(async () => {
    served = await serve(config());
    const client = served.client();
    await client.signInWithCredentials({});
    cookie = cookieHeader(client);
  });
  afterAll(() => served.close());

  it("the session and CSRF endpoints and every built-in page (the forms hold the CSRF token) are never cached", async () => {
    for (const path of [
      "/auth/session",
      "/auth/csrf",
      "/auth/signin",
      "/auth/signout",
      "/auth/verify-request",
      "/auth/error?error=Verification",
    ]) {
      const response = await rawRequest(served.origin, { path, headers: { cookie } });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers["cache-control"], path).toContain("no-store");
    }
    const session = await rawRequest(served.origin, { path: "/auth/session", headers: { cookie } });
    expect(session.body).toContain("Ada");
  });

  it.each([
    "/auth/session/x.css",
    "/auth/session/.css",
    "/auth/session;.css",
    "/auth/session%3B.css",
    "/auth/session%2Fx.css",
    "/auth/session%2F..%2Fx.css",
    "/auth/session.css",
    "/auth/session%00.css",
    "/auth/session/..%2Fx.js",
    "/auth/csrf/x.js",
    "/auth/csrf;x.js",
    "/static/..%2Fauth%2Fsession",
    "/auth/providers/x.css",
  ])("cache deception: %s never serves a session or token under a cacheable name", async (path) => {
    const response = await rawRequest(served.origin, { path, headers: { cookie } });
    expect(response.status, path).toBeLessThan(500);
    expect(response.body, path).not.toContain("Ada");
    expect(response.body, path).not.toMatch(/csrfToken/);
  });

  it.each([
    "/auth//session",
    "/AUTH/SESSION",
    "/auth/./session",
    "/auth/x/../session",
    "/auth/%2e%2e/auth/session",
    "/auth/%73ession",
  ])("%s: if it resolves to the session, it is just as uncacheable", async (path) => {
    const response = await rawRequest(served.origin, { path, headers: { cookie } });
    expect(response.status).toBeLessThan(500);
    if (response.body.includes("Ada")) {
      expect(response.headers["cache-control"]).toContain("no-store");
      expect(response.headers["content-type"]).toContain("application/json");
    }
  });
});

describe("redirects after a POST are 302 or 303, never 307 or 308", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(config());
  });
  afterAll(() => served.close());

  it("on every POST endpoint, valid or not", async () => {
    const client = served.client();
    const csrfToken = await client.csrfToken();
    const posts: [string, Record<string, string>][] = [
      ["/auth/signin", { csrfToken }],
      ["/auth/signin", {}],
      ["/auth/signin/mock", { csrfToken }],
      ["/auth/signin/email", { csrfToken, email: "ada@example.com" }],
      ["/auth/signin/email", { csrfToken, email: "not an address" }],
      ["/auth/signin/unknown", { csrfToken }],
      ["/auth/callback/credentials", { csrfToken, callbackUrl: "/x" }],
      ["/auth/callback/credentials", {}],
      ["/auth/callback/mock", { code: "c", state: "s" }],
      ["/auth/signout", { csrfToken }],
      ["/auth/signout", {}],
      ["/auth/error", {}],
      ["/auth/verify-request", {}],
    ];
    const statuses = new Set<number>();
    for (const [path, form] of posts) {
      const response = await client.request(path, { form });
      statuses.add(response.status);
      expect([301, 307, 308], `${path} ${JSON.stringify(form)}`).not.toContain(response.status);
      if (response.status >= 300 && response.status < 400)
        expect([302, 303]).toContain(response.status);
    }
    expect(statuses.has(302)).toBe(true);
  });
});
