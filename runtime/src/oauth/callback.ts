import * as oauth from "oauth4webapi";
import type { AuthContext } from "../core/context.js";
import { loginOrRegister } from "../core/login.js";
import { afterSignInUrl, checkSignIn, issueSession } from "../core/sign-in.js";
import { InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from "../errors.js";
import type { Account, Profile, TokenSet, User } from "../types.js";
import { flowChecks } from "./authorization.js";
import { consumeCheck, decodeState } from "./checks.js";
import { jwksOptions, requestOptions } from "./http.js";
import { authorizationServer } from "./metadata.js";
import type { InternalOAuthProvider } from "./normalize.js";
import { emailVerifiedByProvider, fetchProfile } from "./profile.js";
import { redirectProxy, redirectUri } from "./proxy.js";

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

function callbackParameters(ctx: AuthContext, formPost: boolean): URLSearchParams {
  const params = new URLSearchParams();
  const source = formPost && ctx.request.method === "POST" ? (ctx.request.body ?? {}) : ctx.query;
  for (const [key, value] of Object.entries(source))
    if (typeof value === "string") params.set(key, value);
  return params;
}

/**
 * On the redirect proxy: a callback whose (sealed) state names another deployment goes back to
 * it with the same parameters, without touching the code (reference §4.6).
 */
async function proxyBounce(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
  params: URLSearchParams,
) {
  const proxy = redirectProxy(ctx, provider);
  if (!proxy || new URL(proxy).origin !== ctx.origin) return undefined;
  const state = params.get("state");
  const data = state ? await decodeState(ctx, state) : undefined;
  if (!data) throw new InvalidCheck("State could not be decoded");
  if (!data.origin || new URL(data.origin).origin === ctx.origin) return undefined;
  const target = new URL(data.origin);
  for (const [key, value] of params) target.searchParams.set(key, value);
  return target.href;
}

const isNonceMismatch = (error: unknown) =>
  error instanceof oauth.OperationProcessingError &&
  (error.cause as { claim?: string } | undefined)?.claim === "nonce";

/**
 * GET/POST `{base}/callback/<provider>` (reference §4.2): every browser-bound check first, then
 * the token request (never made when a check failed), the ID token (signature from the
 * provider's JWKS, issuer, audience, expiry, nonce), the profile, and the sign-in.
 */
export async function oauthCallback(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
): Promise<string> {
  const formPost = provider.authorization?.params?.response_mode === "form_post";
  const params = callbackParameters(ctx, formPost);
  const bounce = await proxyBounce(ctx, provider, params);
  if (bounce) return bounce;

  const checks = flowChecks(ctx, provider, formPost);
  if (params.has("error")) {
    // The provider refused (or the user cancelled). No session can result, so missing checks
    // don't matter; the cookies are cleared and the provider's text is only logged.
    for (const check of ["state", "pkceCodeVerifier", "nonce"] as const) {
      if (ctx.request.cookies[ctx.cookies[check].name] !== undefined)
        await consumeCheck(ctx, check).catch(() => {});
    }
    throw new OAuthCallbackError(
      `The provider answered "${params.get("error")}": ${params.get("error_description") ?? ""}`,
    );
  }
  const expectedState = checks.has("state") ? await consumeCheck(ctx, "state") : undefined;
  const codeVerifier = checks.has("pkce") ? await consumeCheck(ctx, "pkceCodeVerifier") : undefined;
  const expectedNonce = checks.has("nonce") ? await consumeCheck(ctx, "nonce") : undefined;

  const as = await authorizationServer(provider);
  const client: oauth.Client = { client_id: provider.clientId!, ...provider.client };
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(
      as,
      client,
      params,
      expectedState ?? oauth.skipStateCheck,
    );
  } catch (cause) {
    throw new InvalidCheck("The authorization response failed validation (state or issuer)", {
      cause,
    });
  }

  let tokens: oauth.TokenEndpointResponse;
  try {
    let response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthentication(provider),
      validated,
      redirectUri(ctx, provider, formPost),
      codeVerifier ?? oauth.nopkce,
      requestOptions(as.token_endpoint!, provider),
    );
    if (provider.token?.conform)
      response = (await provider.token.conform(response.clone())) ?? response;
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: expectedNonce ?? oauth.expectNoNonce,
      requireIdToken: provider.type === "oidc",
    });
    // OIDC ID tokens are always verified against the provider's JWKS. A plain OAuth 2 provider
    // may return one too; its claims are never used, so it is verified only when keys are known.
    if (tokens.id_token && (provider.type === "oidc" || as.jwks_uri)) {
      if (!as.jwks_uri)
        throw new TypeError(`Provider "${provider.id}" sent an ID token but has no JWKS`);
      await oauth.validateApplicationLevelSignature(as, response, jwksOptions(as, provider));
    }
  } catch (cause) {
    if (isNonceMismatch(cause))
      throw new InvalidCheck("The ID token nonce does not match", { cause });
    if (cause instanceof TypeError && !(cause instanceof oauth.OperationProcessingError))
      throw cause;
    throw new OAuthCallbackError("The token response was refused", { cause });
  }
  const profile = await fetchProfile(provider, as, client, tokens);
  // Apple posts the user's name once, on the first sign-in, as a JSON `user` form field.
  const user = formPost ? params.get("user") : null;
  if (user) {
    try {
      profile.user = JSON.parse(user);
    } catch {
      // Not JSON: ignore it rather than fail the sign-in.
    }
  }
  return signIn(ctx, provider, tokens, profile);
}

async function signIn(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
  response: oauth.TokenEndpointResponse,
  profile: Profile,
): Promise<string> {
  const tokens: TokenSet = { ...response };
  if (typeof response.expires_in === "number")
    tokens.expires_at = Math.floor(Date.now() / 1000) + response.expires_in;

  let profileUser: User;
  try {
    profileUser = await provider.profile(profile, tokens);
  } catch (cause) {
    ctx.config.logger.error(
      new OAuthProfileParseError(`profile() of "${provider.id}" threw`, { cause }),
    );
    return `${ctx.base}/signin?error=Callback`;
  }
  const providerAccountId = profileUser.id ?? profile.sub ?? profile.id;
  if (providerAccountId === undefined || providerAccountId === null || providerAccountId === "") {
    ctx.config.logger.error(
      new OAuthProfileParseError(`profile() of "${provider.id}" returned no id`),
    );
    return `${ctx.base}/signin?error=Callback`;
  }
  const identity = {
    provider: provider.id,
    type: provider.type,
    providerAccountId: String(providerAccountId),
  };
  const user: User = {
    ...profileUser,
    id: crypto.randomUUID(),
    email: profileUser.email?.toLowerCase() ?? null,
  };
  const account: Account = { ...tokens, ...identity };
  const stored: Account = { ...(provider.account(tokens as never) ?? {}), ...identity };

  const existing = await ctx.config.adapter?.getUserByAccount?.(identity);
  const redirect = await checkSignIn(ctx, { user: existing ?? user, account, profile });
  if (redirect) return redirect;

  const result = await loginOrRegister(ctx, {
    user,
    account: stored,
    profile,
    emailVerifiedByProvider: emailVerifiedByProvider(profile),
  });
  await issueSession(ctx, {
    user: result.user,
    account,
    profile,
    isNewUser: result.isNewUser,
    session: result.session,
  });
  return afterSignInUrl(ctx, result.isNewUser);
}
