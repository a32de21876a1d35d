import * as oauth from "oauth4webapi";
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { providerFetch, requestOptions } from "./http.js";
import type { InternalOAuthProvider } from "./normalize.js";

/**
 * The user's profile: validated ID-token claims for OIDC (unless `idToken: false`), else the
 * provider's own `userinfo.request`, else the userinfo endpoint (for OIDC, its `sub` must equal
 * the ID token's, OIDC Core §5.3.4).
 */
export async function fetchProfile(
  provider: InternalOAuthProvider,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  tokens: oauth.TokenEndpointResponse,
): Promise<Profile> {
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (provider.type === "oidc" && provider.idToken !== false && claims) return claims as Profile;
  if (provider.userinfo?.request) {
    // The provider as given to the hook carries the bounded fetch (GitHub's preset uses it).
    const bounded = { ...provider, [customFetch]: providerFetch(provider) };
    return provider.userinfo.request({ tokens: tokens as TokenSet, provider: bounded as never });
  }
  const endpoint = as.userinfo_endpoint;
  if (!endpoint) throw new TypeError(`Provider "${provider.id}" has no userinfo endpoint`);
  if (provider.type === "oidc") {
    const response = await oauth.userInfoRequest(
      as,
      client,
      tokens.access_token,
      requestOptions(endpoint, provider),
    );
    return (await oauth.processUserInfoResponse(
      as,
      client,
      claims?.sub ?? oauth.skipSubjectCheck,
      response,
    )) as Profile;
  }
  // Plain OAuth 2 userinfo has no standard shape (GitHub has no `sub`): any JSON object.
  const url = new URL(endpoint);
  if (url.protocol !== "https:" && !requestOptions(url, provider)[oauth.allowInsecureRequests]) {
    throw new TypeError(`Provider "${provider.id}" userinfo endpoint must use HTTPS`);
  }
  const response = await providerFetch(provider)(url, {
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      accept: "application/json",
      "user-agent": "create-auth",
    },
  });
  if (!response.ok) throw new Error(`Userinfo request failed with status ${response.status}`);
  const profile = (await response.json()) as unknown;
  if (!profile || typeof profile !== "object" || Array.isArray(profile))
    throw new Error("Userinfo response is not a JSON object");
  return profile as Profile;
}

/** Whether the provider vouches for the email: `email_verified` true (the string "false" is false). */
export function emailVerifiedByProvider(profile: Profile): boolean {
  const verified = profile.email_verified as unknown;
  return verified === true || verified === "true";
}
