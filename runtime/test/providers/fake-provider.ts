import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { TestClient } from "../helpers.js";
import type { ProviderCase } from "./case.js";

/** The platform's fetch, kept before any test replaces the global one with the fake's. */
const platformFetch = globalThis.fetch;

/** A request the preset made, as the provider received it. */
export interface SeenRequest {
  method: string;
  /** The provider URL the preset called (before the fake's rewrite). */
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Which answer the fake gives. */
export type FakeMode = "ok" | "token-error" | "userinfo-error";

/**
 * A local HTTP server playing one provider from its case: discovery, keys, token, userinfo and
 * further resources at the provider's own URLs. The preset's `customFetch` ({@link fetch})
 * sends each request for `https://host/path` to this server, which answers by that URL and
 * records what arrived; a URL the case does not know is a 404 and fails the test.
 */
export async function startFakeProvider(
  providerCase: ProviderCase,
  clientId: string,
  clientSecret?: string,
) {
  // ID tokens are signed with the first algorithm the discovery document names (RS256 or ES256)
  // unless the case names the client's; an HS256 one with the client secret.
  const [first] = (providerCase.discovery?.id_token_signing_alg_values_supported ?? []) as string[];
  const alg = providerCase.idTokenAlg === "RS256" || first !== "ES256" ? "RS256" : "ES256";
  const hmac = providerCase.idTokenAlg === "HS256";
  if (hmac && !clientSecret) throw new TypeError("an HS256 ID token needs the client secret");
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const jwk = { ...(await exportJWK(publicKey)), kid: "fake-1", alg, use: "sig" };
  const state = {
    mode: "ok" as FakeMode,
    /** The nonce from the authorization URL, echoed in the ID token. */
    nonce: undefined as string | undefined,
    /** The last ID token the token endpoint issued. */
    idToken: undefined as string | undefined,
    /** The last JWT access token the token endpoint issued (`accessToken` cases). */
    accessToken: undefined as string | undefined,
    requests: [] as SeenRequest[],
    unknown: [] as string[],
  };

  /** The status and body (JSON unless `type` names another content type) for `seen`. */
  async function answer(
    seen: SeenRequest,
  ): Promise<{ status: number; body: unknown; type?: string }> {
    const c = providerCase;
    const discovery = c.discovery;
    if (
      discovery &&
      seen.url === `${discovery.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`
    )
      return { status: 200, body: discovery };
    if (discovery && seen.url === discovery.jwks_uri) return { status: 200, body: { keys: [jwk] } };
    if (seen.url === c.accessToken?.jwks_uri) return { status: 200, body: { keys: [jwk] } };
    const tokenRequest =
      c.token.method === "GET"
        ? seen.method === "GET" && seen.url.split("?")[0] === c.token.url
        : seen.method === "POST" && seen.url === c.token.url;
    if (tokenRequest) {
      if (state.mode === "token-error") return c.token.error;
      const body: Record<string, unknown> = { ...c.token.response };
      if (discovery) body.id_token = state.idToken = await idToken(discovery.issuer);
      if (c.accessToken)
        body.access_token = state.accessToken = await sign(c.accessToken.claims(clientId));
      return { status: 200, body };
    }
    const issued = state.accessToken ?? c.token.response.access_token;
    const bearer = seen.headers.authorization === `Bearer ${issued}`;
    if (c.userinfo?.post && seen.method === "POST" && seen.url === c.userinfo.url) {
      if (state.mode === "userinfo-error") return { status: 500, body: { error: "server_error" } };
      const form = new URLSearchParams(seen.body);
      const post = c.userinfo.post;
      const accepted =
        post === true
          ? form.get("client_id") === clientId && form.get("id_token") === state.idToken
          : sameForm(form, post.form, {
              $access_token: issued,
              $client_id: clientId,
              $client_secret: clientSecret,
            }) && seen.headers.authorization === undefined;
      return accepted
        ? { status: 200, body: c.userinfo.response }
        : { status: 400, body: { error: "invalid_request" } };
    }
    if (c.userinfo && seen.url === c.userinfo.url) {
      if (state.mode === "userinfo-error") return { status: 500, body: { error: "server_error" } };
      // The exact header (`authorization`: ClickUp's bare token; null: none, the token is in
      // the URL), or the token with its scheme (Yandex's `OAuth`), or in the URL (`tokenInUrl`).
      const expected = c.userinfo.authorization;
      const scheme = c.userinfo.scheme ?? "Bearer";
      const authorized =
        (expected !== undefined
          ? seen.headers.authorization === (expected === null ? undefined : expected)
          : c.userinfo.tokenInUrl || seen.headers.authorization === `${scheme} ${issued}`) &&
        Object.entries(c.userinfo.headers ?? {}).every(
          ([name, value]) => seen.headers[name.toLowerCase()] === value,
        );
      if (!authorized) return { status: 401, body: { error: "invalid_token" } };
      if (!c.userinfo.signed) return { status: 200, body: c.userinfo.response };
      const claims = { ...(c.userinfo.response as object), aud: clientId };
      return { status: 200, body: await sign(claims), type: "application/jwt" };
    }
    if (c.resources && seen.url in c.resources)
      return bearer
        ? { status: 200, body: c.resources[seen.url] }
        : { status: 401, body: { error: "invalid_token" } };
    state.unknown.push(`${seen.method} ${seen.url}`);
    return { status: 404, body: { error: "not_found" } };
  }

  function idToken(issuer: string) {
    const claims = {
      ...providerCase.idTokenClaims,
      iss: issuer,
      aud: clientId,
      ...(state.nonce ? { nonce: state.nonce } : {}),
    };
    return hmac ? sign(claims, new TextEncoder().encode(clientSecret)) : sign(claims);
  }

  /** A JWT of `claims` (with `iat`, `exp`), with the fake's key or an HMAC `secret`. */
  function sign(claims: Record<string, unknown>, secret?: Uint8Array) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, iat: now, exp: now + 600 })
      .setProtectedHeader(secret ? { alg: "HS256" } : { alg, kid: "fake-1" })
      .sign(secret ?? privateKey);
  }

  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const seen: SeenRequest = {
      method: req.method ?? "GET",
      url: String(req.headers["x-provider-url"]),
      headers: req.headers,
      body,
    };
    state.requests.push(seen);
    const { status, body: out, type } = await answer(seen);
    res.writeHead(status, { "content-type": type ?? "application/json" });
    res.end(type ? String(out) : JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  /** The preset's `customFetch`: every provider URL goes to the fake, named in a header. */
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set("x-provider-url", request.url);
    return platformFetch(local, {
      method: request.method,
      headers,
      body:
        request.method === "GET" || request.method === "HEAD" ? undefined : await request.text(),
      redirect: "manual",
    });
  }) as typeof fetch;

  return {
    state,
    fetch: fakeFetch,
    /** The requests to `url`. */
    requestsTo: (url: string) => state.requests.filter((r) => r.url === url),
    /** The token requests the preset made (a `GET` token request carries a query). */
    tokenRequests: () =>
      state.requests.filter((r) =>
        providerCase.token.method === "GET"
          ? r.method === "GET" && r.url.split("?")[0] === providerCase.token.url
          : r.url === providerCase.token.url,
      ),
    reset() {
      state.mode = "ok";
      state.nonce = undefined;
      state.idToken = undefined;
      state.accessToken = undefined;
      state.requests = [];
      state.unknown = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The provider's answer to the authorization request at `location`, as a browser delivers it:
 * the case's code with the `state` sent (and `iss` where the provider adds it), to the app's
 * callback, by query or by form POST (`response_mode=form_post`).
 */
export function returnFromProvider(
  client: TestClient,
  id: string,
  providerCase: ProviderCase,
  location: URL,
): Promise<Response> {
  const params: Record<string, string> = { code: "code-from-the-provider" };
  const state = location.searchParams.get("state");
  if (state) params.state = state;
  const discovery = providerCase.discovery;
  if (discovery?.authorization_response_iss_parameter_supported) params.iss = discovery.issuer;
  return location.searchParams.get("response_mode") === "form_post"
    ? client.request(`/auth/callback/${id}`, { form: params })
    : client.request(`/auth/callback/${id}?${new URLSearchParams(params)}`);
}

/**
 * Whether `form` has exactly the `expected` fields, each value written as such or named by a
 * placeholder of `values` (the issued token, the client's credentials).
 */
function sameForm(
  form: URLSearchParams,
  expected: Record<string, string>,
  values: Record<string, string | undefined>,
) {
  const keys = [...form.keys()];
  return (
    keys.length === Object.keys(expected).length &&
    Object.entries(expected).every(([name, value]) => {
      const wanted = value in values ? values[value] : value;
      return wanted !== undefined && form.getAll(name).length === 1 && form.get(name) === wanted;
    })
  );
}
