import * as oauth from "oauth4webapi";
import { customFetch } from "../symbols.js";
import { fetchIsUntouched, freshConnectionFetch } from "./fresh-connection.js";
import type { InternalOAuthProvider } from "./normalize.js";

/** Default bound (ms) on each request to a provider: the configuration's `httpTimeout`. */
export const HTTP_TIMEOUT = 5_000;

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
 * Options for an oauth4webapi call to `url`: the provider's fetch bounded in time
 * ({@link providerFetch}), and plain HTTP only where {@link mayUseHttp} allows it (oauth4webapi
 * refuses it otherwise; Auth.js allows it everywhere, reference §11 item 14).
 */
export function requestOptions(url: URL | string, provider: InternalOAuthProvider) {
  const options: { [oauth.customFetch]?: typeof fetch; [oauth.allowInsecureRequests]?: boolean } = {
    [oauth.customFetch]: providerFetch(provider),
  };
  if (new URL(url).protocol === "http:" && mayUseHttp(url, provider))
    options[oauth.allowInsecureRequests] = true;
  return options;
}

/**
 * A cache kept apart per `customFetch`: a configuration with its own fetch (a proxy, a test
 * double) must see its own requests, never an answer another configuration's fetch obtained.
 * Each map holds at most `max` entries (oldest dropped first).
 */
export function fetchScopedCache<V>(max = 64) {
  const byFetch = new WeakMap<typeof fetch, Map<string, V>>();
  const withGlobalFetch = new Map<string, V>();
  const mapFor = (provider: InternalOAuthProvider) => {
    const fetchImpl = provider[customFetch];
    if (!fetchImpl) return withGlobalFetch;
    let map = byFetch.get(fetchImpl);
    if (!map) {
      map = new Map();
      byFetch.set(fetchImpl, map);
    }
    return map;
  };
  return {
    get: (provider: InternalOAuthProvider, key: string) => mapFor(provider).get(key),
    set(provider: InternalOAuthProvider, key: string, value: V) {
      const map = mapFor(provider);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value!);
    },
    delete: (provider: InternalOAuthProvider, key: string) => mapFor(provider).delete(key),
  };
}

const jwksCaches = fetchScopedCache<oauth.JWKSCacheInput>();

/**
 * Options for verifying a signature with the provider's JWKS: as {@link requestOptions}, plus a
 * key-set cache so sign-ins don't refetch the keys (oauth4webapi refreshes it on an unknown
 * `kid`). The cache is per `jwks_uri`, not per issuer: two providers on one issuer may name
 * different key sets, and each must be verified against its own.
 */
export function jwksOptions(as: oauth.AuthorizationServer, provider: InternalOAuthProvider) {
  const uri = as.jwks_uri!;
  let cache = jwksCaches.get(provider, uri);
  if (!cache) {
    cache = {};
    jwksCaches.set(provider, uri, cache);
  }
  return { ...requestOptions(uri, provider), [oauth.jwksCache]: cache };
}

/**
 * `fetch` as the provider wants it (its `customFetch`, else a new connection per request, see
 * {@link freshConnectionFetch}), every request aborted after the provider's `httpTimeout`
 * (undici would otherwise wait 300 s for headers and 300 s more for the body). A signal the
 * caller passes still aborts it too.
 *
 * A kept-alive connection that went silent while idle (a provider failing over, a dropped NAT
 * entry) would be reused by the next request, which then waits the whole `httpTimeout` before
 * anyone notices; a sign-in makes only a few provider requests, so a fresh connection each costs
 * little (docs/decisions.md). A `customFetch` keeps its own connections, and is asked for
 * `Connection: close` (unless the caller set `Connection`).
 */
export function providerFetch(provider: InternalOAuthProvider): typeof fetch {
  const ms = provider.httpTimeout ?? HTTP_TIMEOUT;
  return (input, init) => {
    const fetchImpl =
      provider[customFetch] ?? (fetchIsUntouched() ? freshConnectionFetch : globalThis.fetch);
    const deadline = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const headers = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    );
    if (!headers.has("connection")) headers.set("connection", "close");
    return fetchImpl(input, { ...init, headers, signal });
  };
}

/** Whether `error` (or one of its causes) is a request aborted by {@link providerFetch}'s bound. */
export function isRequestTimeout(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && (e instanceof Error || e instanceof DOMException); depth++) {
    if (e.name === "TimeoutError") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
