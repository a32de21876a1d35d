import type * as oauth from "oauth4webapi";
import { InvalidEndpoints } from "../errors.js";
import { mayUseHttp } from "./http.js";
import type { InternalOAuthProvider } from "./normalize.js";

/**
 * The first of `endpoints` the runtime may not use, as an `InvalidEndpoints` error: not an
 * absolute URL, or plain HTTP off loopback without `allowInsecureRequests` (RFC 9700 §2.6). The
 * authorization endpoint matters as much as the others: the browser carries the PKCE challenge,
 * `state` and `nonce` there, and Auth.js would redirect to plain HTTP.
 */
export function endpointError(
  provider: InternalOAuthProvider,
  endpoints: Record<string, string | undefined>,
): InvalidEndpoints | undefined {
  for (const [name, url] of Object.entries(endpoints)) {
    if (url === undefined) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return new InvalidEndpoints(
        `Provider "${provider.id}": ${name} "${url}" is not an absolute URL`,
      );
    }
    if (!mayUseHttp(parsed, provider)) {
      return new InvalidEndpoints(
        `Provider "${provider.id}": ${name} "${parsed.href}" must use HTTPS (plain HTTP is allowed only on loopback hosts, or with allowInsecureRequests: true)`,
      );
    }
  }
  return undefined;
}

/**
 * Configuration assertion (reference §7.1, stricter): the endpoints known without discovery.
 * The issuer counts only when it will be fetched for discovery; otherwise it is an identifier.
 */
export function configuredEndpointError(
  provider: InternalOAuthProvider,
): InvalidEndpoints | undefined {
  const discovers = !(provider.authorization?.url && provider.token?.url);
  return endpointError(provider, {
    issuer: discovers ? provider.issuer : undefined,
    authorization: provider.authorization?.url,
    token: provider.token?.url,
    userinfo: provider.userinfo?.url,
    jwks_endpoint: provider.jwks_endpoint,
  });
}

/** The endpoints of a (possibly discovered) authorization server that the runtime uses. */
export function serverEndpointError(
  provider: InternalOAuthProvider,
  as: oauth.AuthorizationServer,
): InvalidEndpoints | undefined {
  return endpointError(provider, {
    authorization_endpoint: as.authorization_endpoint,
    token_endpoint: as.token_endpoint,
    userinfo_endpoint: as.userinfo_endpoint,
    jwks_uri: as.jwks_uri,
  });
}
