import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/core/config.js";
import type { InternalOAuthProvider } from "../../src/oauth/normalize.js";
import Apple from "../../src/providers/apple.js";
import GitHub from "../../src/providers/github.js";
import Twitch from "../../src/providers/twitch.js";
import { customFetch } from "../../src/symbols.js";
import { setCookie, TestClient } from "../helpers.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

// Presets whose quirks only show in a whole flow, run against the mock provider as their issuer.
const mock = useMockOP();
const { config, signIn } = mock;

describe("Apple: response_mode=form_post, nonce and state, the one-time user field", () => {
  it("signs in from Apple's cross-site POST, named from the user field", async () => {
    const apple = Apple({ issuer: mock.op.issuer, clientId, clientSecret });
    const client = new TestClient(config({ providers: [apple] }), "https://app.test");
    const { response, params } = await signIn(client, "apple");
    expect(params.get("response_mode")).toBe("form_post");
    expect(params.get("scope")).toBe("name email");
    expect(params.get("state")).toEqual(expect.any(String));
    expect(params.get("nonce")).toEqual(expect.any(String));
    expect(params.get("code_challenge")).toBeNull();
    for (const name of ["__Host-authjs.state", "__Host-authjs.nonce"])
      expect(setCookie(response, name)?.attributes).toMatchObject({
        samesite: "None",
        secure: true,
      });

    const callback = await client.request("/auth/callback/apple", {
      form: {
        code: "c",
        state: params.get("state")!,
        iss: mock.op.issuer,
        user: JSON.stringify({ name: { firstName: "Tim", lastName: "Apple" } }),
      },
    });
    expect(setCookie(callback, "__Host-authjs.session-token")).toBeDefined();
    // Apple authenticates with client_secret_post (the secret is a JWT you sign).
    expect(mock.op.state.lastTokenRequest?.body.get("client_secret")).toBe(clientSecret);
    await expect(client.session()).resolves.toMatchObject({
      user: { name: "Tim Apple", email: "mock@example.test" },
    });
  });
});

describe("Twitch: the claims parameter and a non-conforming token endpoint", () => {
  const twitch = () => Twitch({ issuer: mock.op.issuer, clientId, clientSecret });

  it("asks for its claims as JSON in the claims parameter", async () => {
    const { params } = await signIn(new TestClient(config({ providers: [twitch()] })), "twitch");
    expect(params.get("scope")).toBe("openid user:read:email");
    expect(JSON.parse(params.get("claims")!)).toEqual({
      id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
    });
  });

  it("accepts its array scope (RFC 6749 wants a string) and signs in", async () => {
    mock.op.state.behaviour = { fields: { scope: ["openid", "user:read:email"] } };
    const client = new TestClient(config({ providers: [twitch()] }));
    const { params } = await signIn(client, "twitch");
    const query = new URLSearchParams({
      code: "c",
      state: params.get("state") ?? "",
      iss: mock.op.issuer,
    });
    const response = await client.request(`/auth/callback/twitch?${query}`);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(mock.op.state.lastTokenRequest?.body.get("client_secret")).toBe(clientSecret);
  });

  it("rewrites its { message } error body into an OAuth error", async () => {
    const provider = resolveConfig({ providers: [twitch()], secret: "s" }, {})
      .providers[0] as InternalOAuthProvider;
    const conformed = await provider.token!.conform!(
      Response.json({ status: 400, message: "Invalid authorization code" }, { status: 400 }),
    );
    expect(conformed?.status).toBe(400);
    expect(await conformed!.json()).toEqual({
      error: "invalid_request",
      error_description: "Invalid authorization code",
    });
    const ok = Response.json({ access_token: "a", token_type: "bearer", scope: "openid" });
    expect(await provider.token!.conform!(ok)).toBeUndefined();
  });
});

describe("GitHub: a user's userinfo.url", () => {
  it("replaces /user in the preset's own userinfo request, through customFetch", async () => {
    const seen: string[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push(url);
      if (url === "https://github.com/login/oauth/access_token")
        return Response.json({ access_token: "gh-token", token_type: "bearer" });
      if (url === "https://gh-proxy.test/api/user")
        return Response.json({ id: 7, login: "proxied", name: "Via Proxy", email: "p@x.test" });
      if (url === "https://api.github.com/user/emails") return Response.json([]);
      return Response.json({ id: 1, login: "direct", name: "Not Via Proxy" });
    }) as typeof fetch;
    const github = GitHub({
      clientId,
      clientSecret,
      userinfo: { url: "https://gh-proxy.test/api/user" },
      [customFetch]: fetchImpl,
    });
    const client = new TestClient(config({ providers: [github] }));
    await signIn(client, "github");
    const response = await client.request("/auth/callback/github?code=c");
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({
      user: { name: "Via Proxy", email: "p@x.test" },
    });
    expect(seen).toEqual([
      "https://github.com/login/oauth/access_token",
      "https://gh-proxy.test/api/user",
      "https://api.github.com/user/emails",
    ]);
  });
});
