import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/types.js";
import { setCookie, TestClient } from "../helpers.js";
import { useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn } = mock;
const PROXY = "http://proxy.test/auth";

/** The provider's redirect back to `redirect_uri`, which the proxy receives. */
const callbackQuery = (params: URLSearchParams) => ({
  code: "c",
  state: params.get("state")!,
  iss: mock.op.issuer,
});

describe("redirect proxy (reference §4.6)", () => {
  const proxyConfig = () => config({ redirectProxyUrl: PROXY });

  it("bounces the callback from the proxy to the deployment that started the flow", async () => {
    const preview = new TestClient(proxyConfig(), "http://preview.test");
    const { params } = await signIn(preview);
    expect(params.get("redirect_uri")).toBe("http://proxy.test/auth/callback/mock");
    const callback = callbackQuery(params);

    const proxy = new TestClient(proxyConfig(), "http://proxy.test");
    const bounce = await proxy.request(`/auth/callback/mock?${new URLSearchParams(callback)}`);
    const target = new URL(bounce.headers.get("location")!);
    expect(target.origin + target.pathname).toBe("http://preview.test/auth/callback/mock");
    expect(Object.fromEntries(target.searchParams)).toEqual(callback);
    expect(mock.op.state.tokenRequests).toBe(0);

    const finished = await preview.request(`${target.pathname}${target.search}`);
    expect(setCookie(finished, "authjs.session-token")).toBeDefined();
    expect(mock.op.state.tokenRequests).toBe(1);
  });

  it("leaves form_post callbacks to the deployment, which is its own proxy, even without state", async () => {
    // form_post responses cannot be relayed by a redirect, so these flows never use the proxy
    // (reference §4.6) and a provider may check only the nonce.
    const formPost = oidc({
      checks: ["nonce"],
      authorization: { params: { response_mode: "form_post" } },
    });
    const proxy = new TestClient(
      config({ redirectProxyUrl: PROXY, providers: [formPost] }),
      "http://proxy.test",
    );
    const { params } = await signIn(proxy);
    expect(params.get("redirect_uri")).toBe("http://proxy.test/auth/callback/mock");
    expect(params.get("state")).toBeNull();
    const callback = await proxy.request("/auth/callback/mock", {
      form: { code: "c", iss: mock.op.issuer },
    });
    expect(callback.headers.get("location")).toBe("http://proxy.test");
    expect(setCookie(callback, "authjs.session-token")).toBeDefined();
    expect(mock.op.state.tokenRequests).toBe(1);
  });

  it("relays a repeated parameter as sent, and the deployment refuses it", async () => {
    const preview = new TestClient(proxyConfig(), "http://preview.test");
    const { params } = await signIn(preview);
    const query = new URLSearchParams(callbackQuery(params));
    query.append("code", "c-injected");
    const proxy = new TestClient(proxyConfig(), "http://proxy.test");
    const bounce = await proxy.request(`/auth/callback/mock?${query}`);
    const target = new URL(bounce.headers.get("location")!);
    expect(target.searchParams.getAll("code")).toEqual(["c", "c-injected"]);
    const refused = await preview.request(`${target.pathname}${target.search}`);
    expect(refused.headers.get("location")).toBe(
      "http://preview.test/auth/signin?error=OAuthCallbackError",
    );
    expect(mock.op.state.tokenRequests).toBe(0);
  });

  it("refuses a state the proxy cannot decrypt", async () => {
    const proxy = new TestClient(proxyConfig(), "http://proxy.test");
    const response = await proxy.request(
      `/auth/callback/mock?code=c&state=tampered&iss=${encodeURIComponent(mock.op.issuer)}`,
    );
    expect(response.headers.get("location")).toBe(
      "http://proxy.test/auth/error?error=Configuration",
    );
    expect(mock.op.state.tokenRequests).toBe(0);
  });
});

describe("a redirect proxy forces the state check", () => {
  // The provider itself asks for PKCE only: the state comes from the proxy.
  const pkceOnly = (extra: Partial<AuthConfig> = {}) =>
    config({ providers: [oidc({ checks: ["pkce"] })], ...extra });

  it("adds a sealed state parameter and cookie, and the flow completes through the proxy", async () => {
    const preview = new TestClient(pkceOnly({ redirectProxyUrl: PROXY }), "http://preview.test");
    const { response, params } = await signIn(preview);
    expect(params.get("state")).toEqual(expect.any(String));
    expect(setCookie(response, "authjs.state")?.value).toEqual(expect.any(String));

    const proxy = new TestClient(pkceOnly({ redirectProxyUrl: PROXY }), "http://proxy.test");
    const bounce = await proxy.request(
      `/auth/callback/mock?${new URLSearchParams(callbackQuery(params))}`,
    );
    const target = new URL(bounce.headers.get("location")!);
    const finished = await preview.request(`${target.pathname}${target.search}`);
    expect(setCookie(finished, "authjs.session-token")).toBeDefined();
  });

  it("refuses a callback whose state was stripped, before any token request", async () => {
    const preview = new TestClient(pkceOnly({ redirectProxyUrl: PROXY }), "http://preview.test");
    await signIn(preview);
    const stripped = await preview.request(
      `/auth/callback/mock?code=c&iss=${encodeURIComponent(mock.op.issuer)}`,
    );
    expect(stripped.headers.get("location")).toBe(
      "http://preview.test/auth/error?error=Configuration",
    );
    expect(setCookie(stripped, "authjs.session-token")).toBeUndefined();
    expect(mock.op.state.tokenRequests).toBe(0);
  });

  it("uses a provider's own redirectProxyUrl, and only for that provider", async () => {
    const cfg = config({
      providers: [
        oidc({ checks: ["pkce"], redirectProxyUrl: PROXY }),
        oidc({ id: "direct", name: "Direct", checks: ["pkce"] }),
      ],
    });
    const client = new TestClient(cfg, "http://preview.test");
    const proxied = await signIn(client);
    expect(proxied.params.get("redirect_uri")).toBe("http://proxy.test/auth/callback/mock");
    expect(proxied.params.get("state")).toEqual(expect.any(String));

    const direct = await signIn(client, "direct");
    expect(direct.params.get("redirect_uri")).toBe("http://preview.test/auth/callback/direct");
    expect(direct.params.get("state")).toBeNull();
  });
});
