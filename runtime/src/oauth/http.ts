import * as oauth from "oauth4webapi";
import { customFetch } from "../symbols.js";
import type { InternalOAuthProvider } from "./normalize.js";

const loopbackHosts = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Whether plain HTTP is acceptable for `url`: loopback hosts, or an explicit opt-in. */
export function mayUseHttp(url: URL | string, provider: InternalOAuthProvider): boolean {
  const { protocol, hostname } = typeof url === "string" ? new URL(url) : url;
  if (protocol === "https:") return true;
  return (
    protocol === "http:" && (loopbackHosts.has(hostname) || provider.allowInsecureRequests === true)
  );
}

/**
 * Options for an oauth4webapi call to `url`: the provider's `customFetch`, and plain HTTP only
 * where {@link mayUseHttp} allows it (oauth4webapi refuses it otherwise; Auth.js allows it
 * everywhere, reference §11 item 14).
 */
export function requestOptions(url: URL | string, provider: InternalOAuthProvider) {
  const options: { [oauth.customFetch]?: typeof fetch; [oauth.allowInsecureRequests]?: boolean } =
    {};
  const fetchImpl = provider[customFetch];
  if (fetchImpl) options[oauth.customFetch] = fetchImpl;
  if (new URL(url).protocol === "http:" && mayUseHttp(url, provider))
    options[oauth.allowInsecureRequests] = true;
  return options;
}

const jwksCaches = new Map<string, oauth.JWKSCacheInput>();

/**
 * Options for verifying a signature with the issuer's JWKS: as {@link requestOptions}, plus a
 * per-issuer key-set cache so sign-ins don't refetch the keys (oauth4webapi refreshes it on an
 * unknown `kid`).
 */
export function jwksOptions(as: oauth.AuthorizationServer, provider: InternalOAuthProvider) {
  let cache = jwksCaches.get(as.issuer);
  if (!cache) {
    cache = {};
    jwksCaches.set(as.issuer, cache);
    if (jwksCaches.size > 64) jwksCaches.delete(jwksCaches.keys().next().value!);
  }
  return { ...requestOptions(as.jwks_uri!, provider), [oauth.jwksCache]: cache };
}

/** `fetch` as the provider wants it (its `customFetch`, else the global one). */
export function providerFetch(provider: InternalOAuthProvider): typeof fetch {
  return provider[customFetch] ?? fetch;
}
