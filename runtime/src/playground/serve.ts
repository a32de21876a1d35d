/**
 * The playground's OpenID provider, served under `{base}/playground` by the runtime itself in
 * development: discovery, authorize, token, JWKS and userinfo. It answers only when the
 * configuration is valid and serves at least one provider through it, and only to requests
 * addressed to a loopback host; anything else is a 404, as if it did not exist.
 *
 * @module playground/serve
 */
import type { ResolvedConfig } from "../core/config.js";
import { requestOrigin } from "../core/context.js";
import type { AuthRequest } from "../core/request.js";
import { type AuthResponse, jsonResponse } from "../core/response.js";
import { authorizeEndpoint } from "./authorize.js";
import { isLoopbackRequest } from "./loopback.js";
import { isPlaygroundProvider, playgroundIssuer } from "./providers.js";
import { playgroundSigningKey } from "./store.js";
import { tokenEndpoint, userinfoEndpoint } from "./token.js";

const notFound = (): AuthResponse => jsonResponse("Not found.", 404);

/** One request to `{base}/playground/<endpoint>`. */
export async function servePlayground(
  request: AuthRequest,
  config: ResolvedConfig,
  endpoint: string,
): Promise<AuthResponse> {
  if (config.error || !config.providers.some(isPlaygroundProvider)) return notFound();
  const origin = requestOrigin(request, config);
  if (!isLoopbackRequest(request, origin)) return notFound();
  const base = `${origin}${config.basePath}`;
  const issuer = playgroundIssuer(base);
  const get = request.method === "GET";
  switch (endpoint) {
    case ".well-known/openid-configuration":
      return get ? jsonResponse(discoveryDocument(issuer)) : notFound();
    case "jwks":
      return get ? jsonResponse({ keys: [(await playgroundSigningKey()).publicJwk] }) : notFound();
    case "authorize":
      return authorizeEndpoint(request, config, base, issuer);
    case "token":
      return tokenEndpoint(request, issuer);
    case "userinfo":
      return userinfoEndpoint(request);
    default:
      return notFound();
  }
}

/** OpenID Connect Discovery 1.0 §3 metadata of the playground at `issuer`. */
function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    scopes_supported: ["openid", "profile", "email"],
    claims_supported: ["sub", "name", "email", "email_verified", "picture"],
    authorization_response_iss_parameter_supported: true,
  };
}
