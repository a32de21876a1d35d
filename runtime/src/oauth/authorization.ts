import * as oauth from "oauth4webapi";
import type { AuthContext } from "../core/context.js";
import { pkceChallenge, randomHex } from "../core/crypto.js";
import { currentSession } from "../core/login.js";
import { browserBinding, encodeState, type FlowOrigin, sealCheck } from "./checks.js";
import { authorizationServer } from "./metadata.js";
import { type InternalOAuthProvider, usesFormPost } from "./normalize.js";
import { ownCallbackUrl, redirectProxy, redirectUri } from "./proxy.js";

/**
 * Parameters a sign-in request's query may not override: they carry the client's identity and
 * the browser-bound checks. (Auth.js lets the query override everything.)
 */
const reserved = new Set([
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "response_mode",
  "request",
  "request_uri",
]);

function setParam(url: URL, key: string, value: unknown) {
  if (value === undefined || value === null) return;
  url.searchParams.set(key, typeof value === "string" ? value : JSON.stringify(value));
}

/** `query` with `order`'s parameters first, in that order; `client_id` only when `order` names it. */
function orderedQuery(query: URLSearchParams, order: string[]): string {
  const out = new URLSearchParams();
  for (const key of order) {
    const value = query.get(key);
    if (value !== null) out.set(key, value);
  }
  for (const [key, value] of query)
    if (!order.includes(key) && key !== "client_id") out.append(key, value);
  return out.toString();
}

/** The checks a flow uses: the provider's, plus `state` when a redirect proxy relays it. */
export function flowChecks(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
  formPost: boolean,
): Set<string> {
  const checks = new Set(provider.checks.filter((check) => check !== "none"));
  if (!formPost && redirectProxy(ctx, provider)) checks.add("state");
  return checks;
}

/**
 * POST `{base}/signin/<provider>`: builds the authorization URL (reference §4.1) with PKCE S256,
 * state and nonce as configured, each sealed into a 15-minute cookie bound to the provider.
 */
export async function oauthSignIn(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
): Promise<string> {
  if (!provider.clientId) {
    throw new TypeError(
      `Provider "${provider.id}" has no clientId (set AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_ID)`,
    );
  }
  // Throws InvalidEndpoints for a discovered endpoint that is not HTTPS: no redirect to it.
  const as = await authorizationServer(provider);
  if (!as.authorization_endpoint)
    throw new TypeError(`Provider "${provider.id}" has no authorization endpoint`);
  const url = new URL(as.authorization_endpoint);
  for (const [key, value] of Object.entries(provider.authorization?.params ?? {}))
    setParam(url, key, value);
  for (const [key, value] of Object.entries(ctx.query))
    if (!reserved.has(key)) setParam(url, key, value);
  if (provider.type === "oidc" && !url.searchParams.has("scope"))
    url.searchParams.set("scope", "openid profile email");
  // Decided from the provider (whose URL query was folded into `params` at normalisation), the
  // same way the callback decides where to read the response from.
  const formPost = usesFormPost(provider);

  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  if (provider.clientIdParameter)
    url.searchParams.set(provider.clientIdParameter, provider.clientId);
  url.searchParams.set("redirect_uri", redirectUri(ctx, provider, formPost));

  const checks = flowChecks(ctx, provider, formPost);
  // Who starts this flow: the callback links only into this same session (see callback.ts).
  const user = checks.size > 0 ? (await currentSession(ctx))?.user : undefined;
  // Ids compare as strings: some adapters (`@auth/pg-adapter`) give numbers.
  const origin: FlowOrigin = { browser: browserBinding(ctx), user: user ? String(user.id) : null };
  if (checks.has("state")) {
    const proxied = !formPost && redirectProxy(ctx, provider) !== undefined;
    const state =
      provider.compactState && !proxied
        ? randomHex(32)
        : await encodeState(ctx, proxied ? ownCallbackUrl(ctx, provider) : undefined);
    url.searchParams.set("state", state);
    await sealCheck(ctx, "state", state, formPost, origin);
  }
  if (checks.has("pkce")) {
    const verifier = oauth.generateRandomCodeVerifier();
    url.searchParams.set("code_challenge", pkceChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    await sealCheck(ctx, "pkceCodeVerifier", verifier, formPost, origin);
  }
  if (checks.has("nonce")) {
    const nonce = oauth.generateRandomNonce();
    url.searchParams.set("nonce", nonce);
    await sealCheck(ctx, "nonce", nonce, formPost, origin);
  }
  if (provider.authorizationQueryOrder)
    url.search = orderedQuery(url.searchParams, provider.authorizationQueryOrder);
  return url.href;
}
