import * as oauth from "oauth4webapi";
import { requestOptions } from "./http.js";
import type { InternalOAuthProvider } from "./normalize.js";

const TTL = 60 * 60 * 1000;
const MAX_ISSUERS = 64;
const discovered = new Map<string, { at: number; metadata: Promise<oauth.AuthorizationServer> }>();

/**
 * OpenID Connect discovery for `issuer`, validated (the document's `issuer` must equal the
 * configured one exactly, OIDC Discovery §4.3) and cached per issuer for an hour. Failures are
 * not cached.
 */
export function discover(
  provider: InternalOAuthProvider & { issuer: string },
): Promise<oauth.AuthorizationServer> {
  const key = `${provider.issuer}\u0000${provider.id}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < TTL) return cached.metadata;
  const issuer = new URL(provider.issuer);
  const metadata = oauth
    .discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(issuer, provider) })
    .then((response) => oauth.processDiscoveryResponse(issuer, response));
  metadata.catch(() => discovered.delete(key));
  discovered.set(key, { at: Date.now(), metadata });
  if (discovered.size > MAX_ISSUERS) discovered.delete(discovered.keys().next().value!);
  return metadata;
}

/**
 * The authorization server of a provider: discovered from `issuer` unless every endpoint is
 * configured, with configured endpoints taking precedence over discovered ones.
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
  if (provider.issuer && !complete) {
    const metadata = await discover(provider as InternalOAuthProvider & { issuer: string });
    return { ...metadata, ...definedOnly(configured) };
  }
  // No discovery: an issuer identifier is still needed to compare RFC 9207 `iss` values.
  const issuer = provider.issuer ?? new URL(configured.authorization_endpoint!).origin;
  return { issuer, ...definedOnly(configured) };
}

function definedOnly<T extends Record<string, string | undefined>>(
  object: T,
): Partial<Record<keyof T, string>> {
  const result: Partial<Record<keyof T, string>> = {};
  for (const [key, value] of Object.entries(object)) if (value) result[key as keyof T] = value;
  return result;
}
