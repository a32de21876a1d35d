import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SolidAuth, type SolidAuthConfig } from "../../src/solid-start/index.js";
import { HttpTestClient, SECRET, setCookie, testConfig } from "../helpers.js";
import { FALLTHROUGH, solidListener } from "../support/solid-listener.js";
import { cookieHeader, rawRequest } from "./server.js";

// The SolidStart handlers behind a real HTTP server (bridged as SolidStart does it, see
// `support/solid-listener.ts`), attacked the way the Express app is.

const PREFIX = "/api/auth";
const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const config = (): SolidAuthConfig => ({
  ...testConfig({ rateLimit: false, trustHost: true, secret: SECRET }, ada),
  prefix: PREFIX,
});

async function startSolid(cfg: SolidAuthConfig) {
  const server = http.createServer(solidListener(SolidAuth(cfg)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    client: () => new HttpTestClient(origin, PREFIX),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let served: Awaited<ReturnType<typeof startSolid>>;
beforeAll(async () => {
  served = await startSolid(config());
});
afterAll(() => served.close());

async function signedIn(): Promise<HttpTestClient> {
  const client = served.client();
  const response = await client.signInWithCredentials({});
  expect(response.status).toBe(302);
  await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  return client;
}

/** Where a browser lands on `Location` (relative to the app). */
const landing = (response: Response) =>
  new URL(response.headers.get("location") ?? "", served.origin);

describe("the bridge itself", () => {
  it("serves the prefix, answers HEAD without a body, and falls through elsewhere", async () => {
    const client = served.client();
    expect(await client.csrfToken()).toMatch(/^[0-9a-f]{64}$/);
    const head = await rawRequest(served.origin, { method: "HEAD", path: `${PREFIX}/session` });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const other = await client.request("/api/other");
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(FALLTHROUGH);
  });
});

const redirects = [
  "https://evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://localhost.evil.example",
  "javascript:alert(1)",
];

describe("open redirects through callbackUrl", () => {
  it.each(redirects)("credentials sign-in with %j lands on the app's origin", async (payload) => {
    const client = served.client();
    const response = await client.signInWithCredentials({ callbackUrl: payload });
    expect(response.status).toBe(302);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    const location = landing(response);
    expect(location.origin).toBe(served.origin);
    expect(location.protocol).toBe("http:");
  });

  it.each(redirects)("sign-out with %j lands on the app's origin", async (payload) => {
    const client = await signedIn();
    const csrfToken = await client.csrfToken();
    const response = await client.request(`${PREFIX}/signout`, {
      form: { csrfToken, callbackUrl: payload },
    });
    expect(response.status).toBe(302);
    expect(landing(response).origin).toBe(served.origin);
    await expect(client.session()).resolves.toBeNull();
  });
});

/** A token and cookie minted by the same code under another secret. */
async function otherSecretPair() {
  const { GET } = SolidAuth({ ...config(), secret: "another-secret-that-is-long-enough-987654" });
  const response = (await GET({ request: new Request(`${served.origin}${PREFIX}/csrf`) }))!;
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: setCookie(response, "authjs.csrf-token")!.value };
}

type Forgery = (client: HttpTestClient) => Promise<Record<string, string>>;
const forgeries: [string, Forgery][] = [
  ["a missing token", async () => ({})],
  ["a forged token", async () => ({ csrfToken: "f".repeat(64) })],
  ["an attacker's own token", async () => ({ csrfToken: await served.client().csrfToken() })],
  [
    "a token and cookie from another secret",
    async (client) => {
      const pair = await otherSecretPair();
      client.jar.set("authjs.csrf-token", pair.cookie);
      return { csrfToken: pair.csrfToken };
    },
  ],
];

describe("CSRF", () => {
  it.each(forgeries)("sign-out with %s leaves the session valid", async (_, forge) => {
    const client = await signedIn();
    await client.csrfToken();
    const response = await client.request(`${PREFIX}/signout`, { form: await forge(client) });
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it.each(forgeries)("credentials sign-in with %s sets no session", async (_, forge) => {
    const client = served.client();
    await client.csrfToken();
    const response = await client.request(`${PREFIX}/callback/credentials`, {
      form: await forge(client),
    });
    expect(response.status).toBeLessThan(500);
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toBeNull();
  });
});

const poison = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-port": "8443",
  forwarded: "host=evil.example;proto=https",
};

describe("forwarded headers never reach a URL (the origin is the request URL's)", () => {
  it("the sign-in page and providers list link to the app's origin only", async () => {
    const host = new URL(served.origin).host;
    const page = await rawRequest(served.origin, {
      path: `${PREFIX}/signin`,
      headers: { host, ...poison },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${served.origin}${PREFIX}/callback/credentials`);
    expect(page.body).not.toContain("evil.example");
    expect(page.body).not.toContain("https://");
    const providers = await rawRequest(served.origin, {
      path: `${PREFIX}/providers`,
      headers: { host, ...poison },
    });
    expect(providers.body).not.toContain("evil.example");
    expect(JSON.parse(providers.body)).toMatchObject({
      credentials: { signinUrl: `${served.origin}${PREFIX}/signin/credentials` },
    });
  });

  it("sign-in, sign-out and error redirects stay on the app's origin", async () => {
    const client = served.client();
    const signIn = await client.signInWithCredentials({ callbackUrl: "/account" });
    expect(signIn.status).toBe(302);
    const csrfToken = await client.csrfToken();
    const signInPoisoned = await client.request(`${PREFIX}/callback/credentials`, {
      form: { csrfToken, callbackUrl: "/account" },
      headers: poison,
    });
    expect(signInPoisoned.headers.get("location")).toBe(`${served.origin}/account`);
    const signOut = await client.request(`${PREFIX}/signout`, {
      form: { csrfToken },
      headers: poison,
    });
    expect(signOut.headers.get("location")?.startsWith(`${served.origin}/`)).toBe(true);
    const error = await client.request(`${PREFIX}/signin?error=Configuration`, {
      headers: poison,
    });
    expect(await error.text()).not.toContain("evil.example");
    const refused = await client.request(`${PREFIX}/callback/credentials`, {
      form: {},
      headers: poison,
    });
    expect(landing(refused).origin).toBe(served.origin);
    expect(refused.headers.get("location")).not.toContain("evil.example");
  });
});

const markup = [
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `</title><svg onload=alert(1)>`,
];

describe("reflected XSS", () => {
  it.each(markup)("%j in error, callbackUrl and email is never markup", async (payload) => {
    const client = served.client();
    const query = new URLSearchParams({ error: payload, callbackUrl: payload, email: payload });
    for (const path of [`${PREFIX}/signin?${query}`, `${PREFIX}/error?${query}`]) {
      const response = await client.request(path);
      expect(response.status, path).toBeLessThan(500);
      const body = await response.text();
      expect(body, path).not.toContain(payload);
      expect(body, path).not.toMatch(/<script|<img|<svg|onerror=|onload=/i);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("paths outside the auth endpoints", () => {
  it.each([
    "/api/other",
    "/auth/session",
    "/api/authx/session",
    "/api/auth-evil/session",
    "/api/session",
    "/",
  ])("%s is left to the app (fallthrough 404)", async (path) => {
    const client = await signedIn();
    const response = await client.request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(FALLTHROUGH);
  });

  it.each([
    `${PREFIX}/session/x.css`,
    `${PREFIX}/session.css`,
    `${PREFIX}/session;x.css`,
    `${PREFIX}/session%2Fx.css`,
    `${PREFIX}/session/..;/x.css`,
    `${PREFIX}/x.css/../session/x.css`,
  ])("%s never serves the session", async (path) => {
    const client = await signedIn();
    const response = await rawRequest(served.origin, {
      path,
      headers: { cookie: cookieHeader(client), host: new URL(served.origin).host },
    });
    expect(response.body).not.toContain("Ada");
    expect(response.body).not.toContain("ada@example.com");
    expect(response.cookieNames).not.toContain("authjs.session-token");
    expect(response.status).toBe(404);
  });
});
