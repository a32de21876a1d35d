import * as oauth from "oauth4webapi";
import { serverEndpointError } from "./endpoints.js";
import { fetchScopedCache, requestOptions } from "./http.js";
import type { InternalOAuthProvider } from "./normalize.js";

const TTL = 60 * 60 * 1000;
const MAX_ISSUERS = 64;
type Entry = { at: number; metadata: Promise<oauth.AuthorizationServer> };

/** Discovery results, per `customFetch` (see {@link fetchScopedCache}). */
const discovered = fetchScopedCache<Entry>(MAX_ISSUERS);

/**
 * OpenID Connect discovery for `issuer`, validated (the document's `issuer` must equal the
 * configured one exactly, OIDC Discovery §4.3) and cached per issuer and `customFetch` for an
 * hour. Failures are not cached.
 */
export function discover(
  provider: InternalOAuthProvider & { issuer: string },
): Promise<oauth.AuthorizationServer> {
  const key = `${provider.issuer}\u0000${provider.id}`;
  const cached = discovered.get(provider, key);
  if (cached && Date.now() - cached.at < TTL) return cached.metadata;
  const issuer = new URL(provider.issuer);
  const metadata = oauth
    .discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(issuer, provider) })
    .then((response) => oauth.processDiscoveryResponse(issuer, response));
  const entry: Entry = { at: Date.now(), metadata };
  // Only this request's own entry is forgotten: a newer discovery may have replaced it meanwhile.
  metadata.catch(() => {
    if (discovered.get(provider, key) === entry) discovered.delete(provider, key);
  });
  discovered.set(provider, key, entry);
  return metadata;
}

/**
 * The authorization server of a provider: discovered from `issuer` unless every endpoint is
 * configured, with configured endpoints taking precedence over discovered ones. Every endpoint
 * the runtime uses must be HTTPS (or loopback, or opted in): configured ones are asserted with
 * the configuration, discovered ones only become known here (`InvalidEndpoints`).
 */
export async function authorizationServer(
  provider: InternalOAuthProvider,
): Promise<oauth.AuthorizationServer> {
  const configured = {
    authorization_endpoint: provider.authorization?.url,
    token_endpoint: provider.token?.url,
    userinfo_endpoint: provider.userinfo?.url,
    jwks_uri: provider.jwks_endpoint,
  };
  const complete = configured.authorization_endpoint && configured.token_endpoint;
  let as: oauth.AuthorizationServer;
  if (provider.issuer && !complete) {
    const metadata = await discover(provider as InternalOAuthProvider & { issuer: string });
    as = { ...metadata, ...definedOnly(configured) };
  } else {
    // No discovery: an issuer identifier is still needed to compare RFC 9207 `iss` values.
    const issuer = provider.issuer ?? new URL(configured.authorization_endpoint!).origin;
    as = { issuer, ...definedOnly(configured) };
  }
  const insecure = serverEndpointError(provider, as);
  if (insecure) throw insecure;
  return as;
}

function definedOnly<T extends Record<string, string | undefined>>(
  object: T,
): Partial<Record<keyof T, string>> {
  const result: Partial<Record<keyof T, string>> = {};
  for (const [key, value] of Object.entries(object)) if (value) result[key as keyof T] = value;
  return result;
}
