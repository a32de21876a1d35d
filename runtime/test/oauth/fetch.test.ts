import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it, vi } from "vitest";
import type { Provider } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import { setCookie, TestClient } from "../helpers.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn, complete } = mock;

/** A customFetch that records the path of every request and then makes it. */
function recording() {
  const seen: string[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(new URL(request.url).pathname);
    return fetch(request);
  }) as typeof fetch;
  return { seen, fetchImpl };
}

describe("customFetch carries every request to the provider (reference §4.7)", () => {
  it("discovery, token and keys", async () => {
    const { seen, fetchImpl } = recording();
    const client = new TestClient(config({ providers: [oidc({ [customFetch]: fetchImpl })] }));
    const response = await complete(client);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(seen).toEqual(["/.well-known/openid-configuration", "/token", "/jwks"]);
  });

  it("userinfo of a plain OAuth 2 provider", async () => {
    mock.op.state.behaviour = { omit: ["id_token"] };
    const { seen, fetchImpl } = recording();
    const plain = {
      id: "plain",
      name: "Plain",
      type: "oauth",
      clientId,
      clientSecret,
      authorization: `${mock.op.issuer}/authorize`,
      token: `${mock.op.issuer}/token`,
      userinfo: `${mock.op.issuer}/userinfo`,
      [customFetch]: fetchImpl,
    } as Provider;
    const client = new TestClient(config({ providers: [plain] }));
    const response = await complete(client, "plain");
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(seen).toEqual(["/token", "/userinfo"]);
    await expect(client.session()).resolves.toMatchObject({ user: { email: "octo@example.test" } });
  });

  it("userinfo of an OIDC provider with idToken: false (its sub must match the ID token's)", async () => {
    mock.op.state.userinfo = { sub: "mock-user", name: "From Userinfo", email: "u@example.test" };
    const { seen, fetchImpl } = recording();
    const provider = oidc({ idToken: false, [customFetch]: fetchImpl });
    const client = new TestClient(config({ providers: [provider] }));
    const response = await complete(client);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(seen).toEqual(["/.well-known/openid-configuration", "/token", "/jwks", "/userinfo"]);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "From Userinfo" } });
  });

  it("each configuration's customFetch sees its own discovery and keys, despite the caches", async () => {
    const first = recording();
    const second = recording();
    for (const { fetchImpl } of [first, second]) {
      const client = new TestClient(config({ providers: [oidc({ [customFetch]: fetchImpl })] }));
      expect(setCookie(await complete(client), "authjs.session-token")).toBeDefined();
    }
    expect(second.seen).toEqual(["/.well-known/openid-configuration", "/token", "/jwks"]);

    // The same fetch again: discovery and keys come from the cache.
    const again = new TestClient(config({ providers: [oidc({ [customFetch]: first.fetchImpl })] }));
    await signIn(again);
    expect(first.seen).toEqual(["/.well-known/openid-configuration", "/token", "/jwks"]);
  });
});

describe("the discovery cache", () => {
  it("a failed discovery does not evict the newer one that replaced it", async () => {
    let discoveries = 0;
    let failFirst: (error: Error) => void = () => {};
    const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname !== "/.well-known/openid-configuration")
        return fetch(request);
      if (++discoveries > 1) return fetch(request);
      return new Promise<Response>((_resolve, reject) => {
        failFirst = reject;
      });
    }) as typeof fetch;
    const cfg = config({ providers: [oidc({ [customFetch]: fetchImpl })] });
    const location = async (response: Response | Promise<Response>) =>
      (await response).headers.get("location")!;

    // The first sign-in's discovery hangs for longer than the cache lifetime (an hour)…
    const first = signIn(new TestClient(cfg));
    await vi.waitFor(() => expect(discoveries).toBe(1));
    const now = Date.now();
    const later = vi.spyOn(Date, "now").mockImplementation(() => now + 61 * 60 * 1000);
    try {
      // …so the next sign-in discovers again, and succeeds; then the first one fails.
      const second = await signIn(new TestClient(cfg));
      expect(await location(second.response)).toMatch(`${mock.op.issuer}/authorize?`);
      failFirst(new TypeError("connection reset"));
      expect(await location((await first).response)).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      );

      // The second discovery is still cached: no third request.
      const third = await signIn(new TestClient(cfg));
      expect(await location(third.response)).toMatch(`${mock.op.issuer}/authorize?`);
      expect(discoveries).toBe(2);
    } finally {
      later.mockRestore();
    }
  });
});

describe("the key-set cache", () => {
  it("is kept per jwks_uri: a provider on the same issuer with its own key set uses its own keys", async () => {
    const { publicKey } = await generateKeyPair("RS256");
    const otherKeys = { keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" }] };
    const seen: string[] = [];
    const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      seen.push(pathname);
      return pathname === "/other-jwks"
        ? Promise.resolve(Response.json(otherKeys))
        : fetch(request);
    }) as typeof fetch;
    const providers = [
      oidc({ [customFetch]: fetchImpl }),
      oidc({
        id: "other",
        jwks_endpoint: `${mock.op.issuer}/other-jwks`,
        [customFetch]: fetchImpl,
      }),
    ];
    const cfg = config({ providers });
    expect(setCookie(await complete(new TestClient(cfg)), "authjs.session-token")).toBeDefined();

    // The provider's token is signed with a key that is not in `other`'s key set.
    const refused = await complete(new TestClient(cfg), "other");
    expect(refused.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=OAuthCallbackError",
    );
    expect(setCookie(refused, "authjs.session-token")).toBeUndefined();
    expect(seen).toContain("/other-jwks");
  });
});
