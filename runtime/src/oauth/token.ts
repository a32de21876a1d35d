import * as oauth from "oauth4webapi";
import { InvalidCheck, OAuthCallbackError } from "../errors.js";
import { isRequestTimeout, jwksOptions, providerFetch, requestOptions } from "./http.js";
import type { InternalOAuthProvider } from "./normalize.js";

/** How far an ID token's `iat` may lie in the future (clock skew). */
const IAT_FUTURE_TOLERANCE = 30;

function clientAuthentication(provider: InternalOAuthProvider): oauth.ClientAuth {
  const method = provider.client?.token_endpoint_auth_method ?? "client_secret_basic";
  if (method === "none") return oauth.None();
  if (!provider.clientSecret) throw new TypeError(`Provider "${provider.id}" has no clientSecret`);
  if (method === "client_secret_basic") return oauth.ClientSecretBasic(provider.clientSecret);
  if (method === "client_secret_post") return oauth.ClientSecretPost(provider.clientSecret);
  throw new TypeError(
    `Provider "${provider.id}": unsupported token_endpoint_auth_method "${method}"`,
  );
}

const isNonceMismatch = (error: unknown) =>
  error instanceof oauth.OperationProcessingError &&
  (error.cause as { claim?: string } | undefined)?.claim === "nonce";

/**
 * OIDC Core §3.1.3.7 item 10 leaves the acceptable `iat` window to the client; oauth4webapi
 * checks only that it is present and a number in the code flow, so a token "issued" in the
 * future would pass. There is no lower bound: an old `iat` is no replay risk here (`exp`, the
 * nonce, `state` and PKCE bind the token to this flow), and providers may hand out a cached ID
 * token issued long before this sign-in.
 */
function assertIdTokenClaims(tokens: oauth.TokenEndpointResponse, client: oauth.Client) {
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  const iat = claims?.iat;
  if (typeof iat !== "number") throw new Error("ID token has no iat");
  if (iat > Math.floor(Date.now() / 1000) + IAT_FUTURE_TOLERANCE) {
    throw new Error("ID token iat is in the future");
  }
  // OIDC Core §3.1.3.7 item 5: when present, azp must be this client. oauth4webapi checks it
  // only for several audiences; a single-audience token naming another party is refused too.
  if (claims?.azp !== undefined && claims.azp !== client.client_id) {
    throw new Error("ID token azp is another client");
  }
}

/**
 * The authorization_code grant request: the provider's own `token.request` when it has one
 * (WeChat), else oauth4webapi's form POST with the client authentication.
 */
async function tokenRequest(
  provider: InternalOAuthProvider,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  exchange: CodeExchange,
): Promise<Response> {
  const own = provider.token?.request;
  if (own) {
    const params = new URLSearchParams({
      grant_type: "authorization_code",
      code: exchange.response.get("code") ?? "",
      redirect_uri: exchange.redirectUri,
    });
    if (exchange.codeVerifier) params.set("code_verifier", exchange.codeVerifier);
    return own({ url: as.token_endpoint!, params, provider, fetch: providerFetch(provider) });
  }
  return oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuthentication(provider),
    exchange.response,
    exchange.redirectUri,
    exchange.codeVerifier ?? oauth.nopkce,
    {
      ...requestOptions(as.token_endpoint!, provider),
      // The client id again, under the provider's own name for it (TikTok's `client_key`).
      ...(provider.clientIdParameter && client.client_id
        ? { additionalParameters: { [provider.clientIdParameter]: client.client_id } }
        : {}),
    },
  );
}

export interface CodeExchange {
  /** The validated authorization response. */
  response: URLSearchParams;
  redirectUri: string;
  codeVerifier?: string;
  expectedNonce?: string;
}

/**
 * The token request (authorization_code grant, to the provider the flow started with) and the
 * checks of its response: RFC 6749 §5.1 shape, the ID token's claims and nonce, and its
 * signature against the provider's JWKS (oauth4webapi alone would trust TLS). A nonce mismatch
 * is `InvalidCheck`; anything else wrong with the response is `OAuthCallbackError`.
 */
export async function exchangeCode(
  provider: InternalOAuthProvider,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  exchange: CodeExchange,
): Promise<oauth.TokenEndpointResponse> {
  try {
    let response = await tokenRequest(provider, as, client, exchange);
    if (provider.token?.conform)
      response = (await provider.token.conform(response.clone())) ?? response;
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: exchange.expectedNonce ?? oauth.expectNoNonce,
      // `idToken: false`: the profile comes from userinfo, so no ID token is required (one that
      // comes along is still verified below).
      requireIdToken: provider.type === "oidc" && provider.idToken !== false,
    });
    // OIDC ID tokens are always verified against the provider's JWKS. A plain OAuth 2 provider
    // may return one too; its claims are never used, so it is verified only when keys are known.
    if (tokens.id_token && (provider.type === "oidc" || as.jwks_uri)) {
      if (!as.jwks_uri)
        throw new TypeError(`Provider "${provider.id}" sent an ID token but has no JWKS`);
      await oauth.validateApplicationLevelSignature(as, response, jwksOptions(as, provider));
      assertIdTokenClaims(tokens, client);
    }
    return tokens;
  } catch (cause) {
    if (isNonceMismatch(cause))
      throw new InvalidCheck("The ID token nonce does not match", { cause });
    // A token endpoint or JWKS that outlived `httpTimeout` is the provider's failure, too.
    if (
      cause instanceof TypeError &&
      !(cause instanceof oauth.OperationProcessingError) &&
      !isRequestTimeout(cause)
    )
      throw cause;
    throw new OAuthCallbackError("The token response was refused", { cause });
  }
}
