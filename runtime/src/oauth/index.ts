/**
 * OAuth 2 / OpenID Connect sign-in (issue #3). Until it lands, OAuth and OIDC providers are
 * listed and rendered but signing in with them fails with a clear configuration error.
 */
import type { AuthContext } from "../core/context.js";
import { OAuthSignInError } from "../errors.js";
import type { InternalOAuthProvider } from "./normalize.js";

const notYet = (provider: InternalOAuthProvider) =>
  new OAuthSignInError(
    `OAuth sign-in for provider "${provider.id}" is not available in this version`,
  );

/** Starts the authorization request; returns the provider's authorization URL. */
export async function oauthSignIn(
  _ctx: AuthContext,
  provider: InternalOAuthProvider,
): Promise<string> {
  throw notYet(provider);
}

/** Handles the provider's redirect back; returns where to send the user. */
export async function oauthCallback(
  _ctx: AuthContext,
  provider: InternalOAuthProvider,
): Promise<string> {
  throw notYet(provider);
}
