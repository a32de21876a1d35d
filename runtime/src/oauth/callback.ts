import type * as oauth from "oauth4webapi";
import type { AuthContext } from "../core/context.js";
import { currentSession, loginOrRegister } from "../core/login.js";
import { afterSignInUrl, checkSignIn, issueSession } from "../core/sign-in.js";
import { InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from "../errors.js";
import type { Account, Profile, TokenSet, User } from "../types.js";
import { flowChecks } from "./authorization.js";
import { clearChecks, type OpenedCheck, readCheck } from "./checks.js";
import { HTTP_TIMEOUT, isRequestTimeout } from "./http.js";
import { authorizationServer } from "./metadata.js";
import { type InternalOAuthProvider, usesFormPost } from "./normalize.js";
import { emailVerifiedByProvider, fetchProfile } from "./profile.js";
import { redirectUri } from "./proxy.js";
import { callbackParameters, proxyBounce, validateAuthorizationResponse } from "./response.js";
import { exchangeCode } from "./token.js";

/**
 * GET/POST `{base}/callback/<provider>` (reference §4.2): the authorization response is validated
 * first (`iss`, `state`), then the other browser-bound checks are read and spent, then the token
 * request (never made when a check failed), the ID token (signature from the provider's JWKS,
 * issuer, audience, expiry, `iat`, nonce), the profile, and the sign-in.
 */
/**
 * A provider request that outlived `httpTimeout` (discovery, userinfo) ends the callback like
 * a failed token request: `OAuthCallbackError`, the sign-in page's "try another account" banner.
 */
async function timedOutAsCallbackError<T>(
  provider: InternalOAuthProvider,
  request: Promise<T>,
): Promise<T> {
  try {
    return await request;
  } catch (cause) {
    if (!isRequestTimeout(cause)) throw cause;
    throw new OAuthCallbackError(
      `Provider "${provider.id}" did not answer within ${provider.httpTimeout ?? HTTP_TIMEOUT} ms`,
      { cause },
    );
  }
}

export async function oauthCallback(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
): Promise<string> {
  const formPost = usesFormPost(provider);
  const params = callbackParameters(ctx, formPost);
  const bounce = await proxyBounce(ctx, provider, params);
  if (bounce) return bounce;

  const as = await timedOutAsCallbackError(provider, authorizationServer(provider));
  const client: oauth.Client = { client_id: provider.clientId!, ...provider.client };
  const checks = flowChecks(ctx, provider, formPost);
  const state = checks.has("state") ? await readCheck(ctx, "state", formPost) : undefined;
  const response = await validateAuthorizationResponse(ctx, as, client, params, state?.value);
  // The response belongs to this browser's flow: its check cookies are spent, whatever follows.
  clearChecks(ctx);
  const verifier = checks.has("pkce")
    ? await readCheck(ctx, "pkceCodeVerifier", formPost)
    : undefined;
  const nonce = checks.has("nonce") ? await readCheck(ctx, "nonce", formPost) : undefined;
  await assertStartedBySession(ctx, [state, verifier, nonce]);

  const tokens = await exchangeCode(provider, as, client, {
    response,
    redirectUri: redirectUri(ctx, provider, formPost),
    codeVerifier: verifier?.value,
    expectedNonce: nonce?.value,
  });
  const profile = await timedOutAsCallbackError(
    provider,
    fetchProfile(provider, as, client, tokens),
  );
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

/**
 * Account linking happens only into the session that started the flow: a callback that sees a
 * session must carry checks sealed by that session's user. Otherwise (a flow started signed out
 * or by someone else, its cookies planted in a signed-in victim's browser) the provider account
 * would be linked to the victim, and whoever owns it signs in as them. Refused before the code is
 * spent. A callback that sees no session links nothing (a cross-site `form_post` never sees one).
 */
async function assertStartedBySession(
  ctx: AuthContext,
  checks: (OpenedCheck | undefined)[],
): Promise<void> {
  const current = await currentSession(ctx);
  if (!current) return;
  const opened = checks.filter((check) => check !== undefined);
  if (opened.length === 0) {
    throw new InvalidCheck("A provider without checks cannot link to the signed-in user");
  }
  if (opened.some((check) => check.user !== String(current.user.id))) {
    throw new InvalidCheck("The sign-in was started by another session than the signed-in one");
  }
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

  // A profile that cannot be mapped ends the sign-in as `OAuthCallbackError` (the issue's code;
  // Auth.js logs OAuthProfileParseError and redirects to a malformed URL, reference §11 item 2).
  let profileUser: User;
  try {
    profileUser = await provider.profile(profile, tokens);
  } catch (cause) {
    throw new OAuthCallbackError(`profile() of "${provider.id}" could not map the profile`, {
      cause: new OAuthProfileParseError(`profile() of "${provider.id}" threw`, { cause }),
    });
  }
  const providerAccountId = profileUser.id ?? profile.sub ?? profile.id;
  if (providerAccountId === undefined || providerAccountId === null || providerAccountId === "") {
    throw new OAuthCallbackError(`profile() of "${provider.id}" could not map the profile`, {
      cause: new OAuthProfileParseError(`profile() of "${provider.id}" returned no id`),
    });
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
    emailVerifiedByProvider: emailVerifiedByProvider(profile),
  });
  await issueSession(ctx, {
    user: result.user,
    account,
    profile,
    isNewUser: result.isNewUser,
    fromAdapter: result.fromAdapter,
    session: result.session,
  });
  return afterSignInUrl(ctx, result.isNewUser);
}
