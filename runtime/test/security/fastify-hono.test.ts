import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { FastifyAuth } from "../../src/fastify/index.js";
import { HonoAuth } from "../../src/hono/index.js";
import type { AuthConfig } from "../../src/types.js";
import { fastify5 } from "../fastify/app.js";
import { type HttpTestClient, outboxEmailProvider, setCookies, testConfig } from "../helpers.js";
import { cookieHeader, type Framework, rawRequest, type Served, useServer } from "./server.js";

// The main attack classes of this folder against the Fastify 5 and Hono adapters, each behind
// the same app as Express's (`serve({ framework })`): open redirects, CSRF, host and forwarded
// headers, reflected XSS, malformed and oversized input, cache-deception paths. Cookie names
// are matched by their end, so a `__Host-`/`__Secure-` prefix changes nothing here.

const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const mail = outboxEmailProvider();
const config = (): AuthConfig =>
  testConfig(
    {
      adapter: memoryAdapter(),
      session: { strategy: "jwt" },
      providers: [...testConfig({}, ada).providers, mail.provider],
    },
    ada,
  );

const named = (response: Response, suffix: string) =>
  setCookies(response).find((cookie) => cookie.name.endsWith(suffix));
const jarName = (client: HttpTestClient, suffix: string) =>
  [...client.jar.keys()].find((name) => name.endsWith(suffix))!;

/** A CSRF token and cookie minted by the same adapter under another secret. */
async function otherSecretPair(framework: Framework) {
  const other = { ...config(), secret: "another-secret-that-is-long-enough-987654" };
  let response: Response;
  if (framework === "hono") {
    response = await new Hono()
      .route("/auth", HonoAuth(other))
      .request("http://127.0.0.1/auth/csrf");
  } else {
    const app = fastify5();
    await app.register(FastifyAuth(other) as never, { prefix: "/auth" });
    const injected = await app.inject({ url: "/auth/csrf" });
    response = new Response(injected.body, {
      headers: Object.entries(injected.headers).flatMap(([name, value]) =>
        [value].flat().map((v) => [name, String(v)] as [string, string]),
      ),
    });
    await app.close();
  }
  const { csrfToken } = (await response.clone().json()) as { csrfToken: string };
  return { csrfToken, cookie: named(response, "authjs.csrf-token")! };
}

const redirects = [
  "https://evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://localhost.evil.example",
  "javascript:alert(1)",
];
const poison = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-port": "8443",
  forwarded: "host=evil.example;proto=https",
};
const markup = [
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `</title><svg onload=alert(1)>`,
];

describe.each(["fastify", "hono"] as const)("%s", (framework) => {
  const server = useServer(config, { framework });
  const landing = (response: Response) =>
    new URL(response.headers.get("location") ?? "", server().origin);

  async function signedIn(): Promise<HttpTestClient> {
    const client = server().client();
    expect((await client.signInWithCredentials({})).status).toBe(302);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    return client;
  }

  describe("open redirects through callbackUrl", () => {
    it.each(redirects)("credentials sign-in with %j lands on the app's origin", async (payload) => {
      const response = await server().client().signInWithCredentials({ callbackUrl: payload });
      expect(response.status).toBe(302);
      expect(named(response, "authjs.session-token")).toBeDefined();
      expect(landing(response).origin).toBe(server().origin);
    });

    it.each(redirects)("sign-out with %j lands on the app's origin", async (payload) => {
      const client = await signedIn();
      const csrfToken = await client.csrfToken();
      const response = await client.request("/auth/signout", {
        form: { csrfToken, callbackUrl: payload },
      });
      expect(landing(response).origin).toBe(server().origin);
      await expect(client.session()).resolves.toBeNull();
    });
  });

  describe("CSRF", () => {
    type Forgery = (client: HttpTestClient) => Promise<Record<string, string>>;
    const forgeries: [string, Forgery][] = [
      ["a missing token", async () => ({})],
      ["a forged token", async () => ({ csrfToken: "f".repeat(64) })],
      ["an attacker's own token", async () => ({ csrfToken: await server().client().csrfToken() })],
      [
        "a token and cookie from another secret",
        async (client) => {
          const pair = await otherSecretPair(framework);
          client.jar.set(pair.cookie.name, pair.cookie.value);
          return { csrfToken: pair.csrfToken };
        },
      ],
    ];

    it.each(forgeries)("sign-out with %s leaves the session valid", async (_, forge) => {
      const client = await signedIn();
      await client.csrfToken();
      const response = await client.request("/auth/signout", { form: await forge(client) });
      expect(named(response, "authjs.session-token")).toBeUndefined();
      await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    });

    it.each(forgeries)("credentials sign-in with %s sets no session", async (_, forge) => {
      const client = server().client();
      await client.csrfToken();
      const response = await client.request("/auth/callback/credentials", {
        form: await forge(client),
      });
      expect(response.status).toBeLessThan(500);
      expect(named(response, "authjs.session-token")).toBeUndefined();
      await expect(client.session()).resolves.toBeNull();
    });
  });

  describe("host and forwarded headers (no trust proxy)", () => {
    it("links, the mail link and redirects stay on the real host", async () => {
      const host = new URL(server().origin).host;
      const page = await rawRequest(server().origin, {
        path: "/auth/signin",
        headers: { host, ...poison },
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`${server().origin}/auth/callback/credentials`);
      expect(page.body).not.toContain("evil.example");
      const client = server().client();
      const csrfToken = await client.csrfToken();
      await client.request("/auth/signin/email", {
        form: { email: "ada@example.com", csrfToken },
        headers: poison,
      });
      expect(new URL(mail.outbox.at(-1)!.url).origin).toBe(server().origin);
      const signIn = await client.request("/auth/callback/credentials", {
        form: { csrfToken, callbackUrl: "/account" },
        headers: poison,
      });
      expect(signIn.headers.get("location")).toBe(`${server().origin}/account`);
      expect(named(signIn, "authjs.session-token")?.name.startsWith("__Secure-")).toBe(false);
    });

    it.each([
      "evil.example:80@127.0.0.1",
      "a b",
      "evil.example/x",
    ])("a Host %j that is not a host never becomes a link", async (host) => {
      const response = await rawRequest(server().origin, {
        path: "/auth/providers",
        headers: { host },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).not.toContain("evil.example");
    });
  });

  describe("reflected XSS", () => {
    it.each(markup)("%j in error, callbackUrl and email is never markup", async (payload) => {
      const client = server().client();
      const query = new URLSearchParams({ error: payload, callbackUrl: payload, email: payload });
      for (const path of [`/auth/signin?${query}`, `/auth/error?${query}`]) {
        const response = await client.request(path);
        expect(response.status, path).toBeLessThan(500);
        const body = await response.text();
        expect(body, path).not.toContain(payload);
        expect(body, path).not.toMatch(/<script|<img|<svg|onerror=|onload=/i);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
    });
  });

  describe("malformed and oversized input", () => {
    async function expectAlive(served: Served, status: number, label: string) {
      expect(status, label).toBeGreaterThanOrEqual(200);
      expect(status, label).toBeLessThan(500);
      expect((await rawRequest(served.origin, { path: "/auth/csrf" })).status).toBe(200);
    }

    it.each([
      "/auth/%",
      "/auth/%E0%A4%A",
      "/auth/callback/%C0%AF",
      "/auth/signin?callbackUrl=%E0%A4%A",
      "/auth/session?%=%",
      "/auth/error?error=%uFFFF",
    ])("GET %s", async (path) => {
      const response = await rawRequest(server().origin, { path });
      await expectAlive(server(), response.status, path);
    });

    it.each([
      ["application/x-www-form-urlencoded", "csrfToken=%ZZ&email=%E0%A4%A&callbackUrl=%"],
      ["application/x-www-form-urlencoded", Buffer.from([0x65, 0x3d, 0xff, 0xfe, 0x26])],
      ["application/json", '{"csrfToken":'],
      ["application/json", "[1,2,3]"],
      ["application/json", '"x"'],
      ["application/json", "null"],
      ["application/json", '{"__proto__":{"polluted":1}}'],
      ["application/x-evil", "csrfToken=x"],
      ["multipart/form-data", "--x\r\n\r\n"],
    ])("POST %s %j", async (type, body) => {
      const client = server().client();
      await client.csrfToken();
      for (const path of ["/auth/signin/email", "/auth/callback/credentials", "/auth/signout"]) {
        const response = await rawRequest(server().origin, {
          method: "POST",
          path,
          headers: { "content-type": type, cookie: cookieHeader(client) },
          body,
        });
        await expectAlive(server(), response.status, `${path} ${type}`);
        expect(response.cookieNames.some((name) => name.endsWith("session-token"))).toBe(false);
      }
      expect(({} as { polluted?: number }).polluted).toBeUndefined();
    });

    it("a 100 KB body and a chunk flood answer 413", async () => {
      const client = server().client();
      const csrfToken = await client.csrfToken();
      const headers = {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookieHeader(client),
      };
      const big = await rawRequest(server().origin, {
        method: "POST",
        path: "/auth/callback/credentials",
        headers,
        body: `csrfToken=${csrfToken}&x=${"a".repeat(100_000)}`,
      });
      expect(big.status).toBe(413);
      const flood = await rawRequest(server().origin, {
        method: "POST",
        path: "/auth/signin/email",
        headers: { ...headers, "transfer-encoding": "chunked" },
        body: Array.from({ length: 100_000 }, () => "a"),
      });
      expect(flood.status).toBe(413);
      await expectAlive(server(), flood.status, "flood");
    });
  });

  describe("paths outside the auth endpoints", () => {
    it.each([
      "/auth/session/x.css",
      "/auth/session.css",
      "/auth/session;x.css",
      "/auth/session%2Fx.css",
      "/auth/session/..;/x.css",
      "/auth/x.css/../session/x.css",
      "/AUTH/session",
      "/authx/session",
    ])("%s never serves the session", async (path) => {
      const client = await signedIn();
      const response = await rawRequest(server().origin, {
        path,
        headers: { cookie: cookieHeader(client), host: new URL(server().origin).host },
      });
      expect(response.body).not.toContain("ada@example.com");
      expect(response.cookieNames.some((name) => name.endsWith("session-token"))).toBe(false);
      expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });
});

describe.each([
  "fastify",
  "hono",
] as const)("%s behind an app that parses bodies itself", (framework) => {
  const server = useServer(config, { framework, bodyParsers: true });

  it("an array or object CSRF token is no token; an object callbackUrl stays on the origin", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const cookie = `${jarName(client, "authjs.csrf-token")}=${encodeURIComponent(client.jar.get(jarName(client, "authjs.csrf-token"))!)}`;
    const post = (body: string, type: string) =>
      rawRequest(server().origin, {
        method: "POST",
        path: "/auth/callback/credentials",
        headers: { "content-type": type, cookie },
        body,
      });
    const json = await post(`{"csrfToken":["${csrfToken}"]}`, "application/json");
    expect(json.headers.location).toContain("error=MissingCSRF");
    const form = await post(
      `csrfToken=${csrfToken}&callbackUrl[]=https://evil.example`,
      "application/x-www-form-urlencoded",
    );
    expect(form.status).toBe(302);
    expect(new URL(form.headers.location!).origin).toBe(server().origin);
  });
});
