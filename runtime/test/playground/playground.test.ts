/**
 * The sign-in playground on a real Express server, driven by a plain HTTP client that follows
 * each redirect by hand: GitHub without a client id signs in through the runtime's own OpenID
 * provider, with real PKCE, state, nonce and a signed ID token; every way to misuse the
 * provider's endpoints is refused.
 */
import { createHash } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Auth } from "../../src/index.js";
import { playgroundClient } from "../../src/playground/store.js";
import Discord from "../../src/providers/discord.js";
import GitHub from "../../src/providers/github.js";
import type { AuthConfig } from "../../src/types.js";
import { express5, rawGet, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET } from "../helpers.js";

const config = (extra: Partial<AuthConfig> = {}): AuthConfig => ({
  secret: SECRET,
  trustHost: true,
  logger: captureLogger().logger,
  providers: [GitHub, Discord({ clientId: "real-discord-id", clientSecret: "real-secret" })],
  playground: true,
  ...extra,
});

const local = (location: string | null) => {
  const url = new URL(location ?? "");
  return `${url.pathname}${url.search}`;
};

/** Starts a GitHub sign-in and returns the playground's authorization URL. */
async function startSignIn(client: HttpTestClient): Promise<URL> {
  const csrfToken = await client.csrfToken();
  const response = await client.request("/auth/signin/github", {
    form: { csrfToken, callbackUrl: "/me" },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** Picks a test user on the authorize page and returns the redirect back to the app. */
async function pick(client: HttpTestClient, authorize: URL, choice: Record<string, string>) {
  const form = { ...Object.fromEntries(authorize.searchParams), ...choice };
  const response = await client.request("/auth/playground/authorize", { form });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

describe("sign-in playground (Express, real HTTP)", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const shared = config();
  beforeAll(async () => {
    app = await startApp(express5, shared, { mount: "/auth" });
  });
  afterAll(() => app.close());

  it("signs in with GitHub as a test user, through discovery, PKCE, state, nonce and a signed ID token", async () => {
    const client = new HttpTestClient(app.origin);
    const authorize = await startSignIn(client);
    expect(authorize.origin).toBe(app.origin);
    expect(authorize.pathname).toBe("/auth/playground/authorize");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.origin}/auth/callback/github`);

    const page = await client.request(local(authorize.href));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Playground — development only");
    expect(html).toContain("no real GitHub account is used");
    expect(html).toContain("Continue as Alice Example");

    const callback = await pick(client, authorize, { user: "alice" });
    expect(callback.pathname).toBe("/auth/callback/github");
    expect(callback.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    expect(callback.searchParams.get("iss")).toBe(`${app.origin}/auth/playground`);
    const landed = await client.request(local(callback.href));
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`${app.origin}/me`);

    const session = (await client.session()) as { user: { name: string; email: string } };
    expect(session.user).toMatchObject({ name: "Alice Example", email: "alice@example.com" });
    const me = await client.request("/me");
    expect(me.status).toBe(200);
  });

  it("signs in as a typed user", async () => {
    const client = new HttpTestClient(app.origin);
    const authorize = await startSignIn(client);
    const callback = await pick(client, authorize, { name: "Carol", email: "Carol@Example.com" });
    await client.request(local(callback.href));
    const session = (await client.session()) as { user: { name: string; email: string } };
    expect(session.user).toMatchObject({ name: "Carol", email: "carol@example.com" });
  });

  it("sends access_denied back when the user cancels, and no session is made", async () => {
    const client = new HttpTestClient(app.origin);
    const authorize = await startSignIn(client);
    const callback = await pick(client, authorize, { cancel: "1" });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    const landed = await client.request(local(callback.href));
    expect(landed.headers.get("location")).toContain("/auth/signin?error=");
    expect(await client.session()).toBeNull();
  });

  it("refuses an authorization request with another redirect_uri or without PKCE", async () => {
    const client = new HttpTestClient(app.origin);
    const authorize = await startSignIn(client);
    const elsewhere = new URL(authorize);
    elsewhere.searchParams.set("redirect_uri", "http://127.0.0.1:1/steal");
    const refused = await client.request(local(elsewhere.href));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_request" });
    const noPkce = new URL(authorize);
    noPkce.searchParams.delete("code_challenge");
    expect((await client.request(local(noPkce.href))).status).toBe(400);
    const unknown = new URL(authorize);
    unknown.searchParams.set("client_id", "someone-else");
    expect((await client.request(local(unknown.href))).status).toBe(400);
  });

  describe("token endpoint", () => {
    const verifier = "v".repeat(43);
    const challenge = createHash("sha256").update(verifier).digest("base64url");

    /** A code for alice, issued to GitHub's playground client with the challenge above. */
    async function code(): Promise<string> {
      const client = new HttpTestClient(app.origin);
      const authorize = await startSignIn(client);
      authorize.searchParams.set("code_challenge", challenge);
      const callback = await pick(client, authorize, { user: "alice" });
      return callback.searchParams.get("code")!;
    }

    const redeem = (values: Record<string, string>) => {
      const { clientId, clientSecret } = playgroundClient("github");
      return fetch(`${app.origin}/auth/playground/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          redirect_uri: `${app.origin}/auth/callback/github`,
          code_verifier: verifier,
          ...values,
        }),
      });
    };

    it("issues a signed ID token once per code", async () => {
      const value = await code();
      const first = await redeem({ code: value });
      expect(first.status).toBe(200);
      const tokens = (await first.json()) as { id_token: string; access_token: string };
      const issuer = `${app.origin}/auth/playground`;
      const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
      const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, {
        issuer,
        audience: playgroundClient("github").clientId,
      });
      expect(protectedHeader.alg).toBe("ES256");
      expect(payload).toMatchObject({ sub: "alice", email: "alice@example.com" });
      expect(typeof payload.nonce).toBe("string");
      const userinfo = await fetch(`${issuer}/userinfo`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(await userinfo.json()).toMatchObject({ sub: "alice" });

      const again = await redeem({ code: value });
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ error: "invalid_grant" });
    });

    it("refuses a wrong PKCE verifier, and the code is spent by the attempt", async () => {
      const value = await code();
      const wrong = await redeem({ code: value, code_verifier: "w".repeat(43) });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: "invalid_grant" });
      expect((await redeem({ code: value })).status).toBe(400);
    });

    it("refuses another redirect_uri and a wrong client secret", async () => {
      const value = await code();
      const other = await redeem({ code: value, redirect_uri: `${app.origin}/auth/callback/x` });
      expect(other.status).toBe(400);
      const unauthenticated = await fetch(`${app.origin}/auth/playground/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: await code(),
          client_id: playgroundClient("github").clientId,
          client_secret: "guess",
        }),
      });
      expect(unauthenticated.status).toBe(401);
    });
  });

  it("answers 404 to a request addressed to a host that is not loopback", async () => {
    const path = "/auth/playground/.well-known/openid-configuration";
    expect((await rawGet(app.origin, path)).status).toBe(200);
    expect((await rawGet(app.origin, path, { host: "app.example.com" })).status).toBe(404);
    expect((await rawGet(app.origin, path, { "x-forwarded-host": "app.example.com" })).status).toBe(
      404,
    );
  });

  it("stops a sign-in reached through a host that is not loopback, saying why", async () => {
    const logged = captureLogger();
    const remote = await startApp(express5, config({ logger: logged.logger }), { mount: "/auth" });
    try {
      const client = new HttpTestClient(remote.origin);
      const csrfToken = await client.csrfToken();
      const response = await client.request("/auth/signin/github", {
        form: { csrfToken },
        headers: { "x-forwarded-host": "app.example.com" },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("error=Configuration");
      expect(logged.errors.map((e) => e.message).join("\n")).toContain(
        "answers only on localhost, 127.0.0.1 or [::1]",
      );
    } finally {
      await remote.close();
    }
  });

  it("leaves a provider that has a client id to the real provider", async () => {
    const client = new HttpTestClient(app.origin);
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signin/discord", { form: { csrfToken } });
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://discord.com");
    expect(location.searchParams.get("client_id")).toBe("real-discord-id");
  });
});

describe("sign-in playground: when it is off or refused", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is off by default: the provider keeps failing for want of a client id, and the playground is 404", async () => {
    const app = await startApp(express5, config({ playground: undefined }), { mount: "/auth" });
    try {
      const discovery = await rawGet(
        app.origin,
        "/auth/playground/.well-known/openid-configuration",
      );
      expect(discovery.status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("is turned on by AUTH_PLAYGROUND=true", async () => {
    vi.stubEnv("AUTH_PLAYGROUND", "true");
    const app = await startApp(express5, config({ playground: undefined }), { mount: "/auth" });
    try {
      const authorize = await startSignIn(new HttpTestClient(app.origin));
      expect(authorize.pathname).toBe("/auth/playground/authorize");
    } finally {
      await app.close();
    }
  });

  it("is refused in production whatever the option says: InvalidConfig, and nothing is served", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const logged = captureLogger();
    const refused = config({ logger: logged.logger });
    const response = await Auth(new Request("http://localhost:3000/auth/providers"), refused);
    expect(response.status).toBe(500);
    expect(logged.errors[0]?.name).toBe("InvalidConfig");
    expect(logged.errors[0]?.message).toContain("cannot run in production");
    const discovery = await Auth(
      new Request("http://localhost:3000/auth/playground/.well-known/openid-configuration"),
      refused,
    );
    expect(discovery.status).toBe(404);
  });
});
