import type {
  AccountCallback,
  AuthorizationEndpointHandler,
  EndpointHandler,
  OAuthChecks,
  OAuthConfig,
  ProfileCallback,
  TokenEndpointHandler,
  UserinfoEndpointHandler,
} from "../providers/types.js";
import type { Profile, TokenSet } from "../types.js";

/** An OAuth/OIDC provider after normalisation: endpoints are objects, defaults filled in. */
export type InternalOAuthProvider = Omit<
  OAuthConfig<any>,
  "authorization" | "token" | "userinfo" | "checks" | "profile" | "account"
> & {
  authorization?: AuthorizationEndpointHandler;
  token?: TokenEndpointHandler;
  userinfo?: UserinfoEndpointHandler;
  checks: OAuthChecks[];
  profile: ProfileCallback<any>;
  account: AccountCallback;
  /** The configuration's `httpTimeout` (ms), set when the configuration is resolved. */
  httpTimeout?: number;
};

/** Turns `"https://…"` into `{ url: "https://…" }` so user `params` merge instead of replacing it. */
export function endpointObject<T extends EndpointHandler<any, any, any>>(
  endpoint: string | T | undefined,
): T | undefined {
  if (endpoint === undefined) return undefined;
  return (typeof endpoint === "string" ? { url: endpoint } : endpoint) as T;
}

/**
 * Folds the query of an authorization URL into its `params` (explicit `params` win, as Auth.js
 * copies them into the URL last), so later steps read one place: whether the flow uses
 * `response_mode=form_post` is then decided the same way at sign-in and at the callback. The
 * `url` a provider hook sees carries them all as its query, as Auth.js's does.
 */
function withQueryAsParams(
  endpoint: AuthorizationEndpointHandler | undefined,
): AuthorizationEndpointHandler | undefined {
  if (!endpoint?.url) return endpoint;
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return endpoint; // reported by the configuration assertion (InvalidEndpoints)
  }
  if (!url.search && !endpoint.params) return endpoint;
  const params = { ...Object.fromEntries(url.searchParams), ...endpoint.params };
  url.search = "";
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return { ...endpoint, url: url.href, params };
}

/** Whether the provider answers with `response_mode=form_post` (a POST to the callback). */
export function usesFormPost(provider: InternalOAuthProvider): boolean {
  return provider.authorization?.params?.response_mode === "form_post";
}

/**
 * Default profile mapping: OIDC standard claims. A claim the provider did not send is left out
 * (not `null`), so callbacks, events and the adapter see the same user as with Auth.js.
 */
export function defaultProfile(profile: Profile) {
  return stripUndefined({
    id: String(profile.sub ?? profile.id ?? crypto.randomUUID()),
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture,
  });
}

/** Default account mapping: only the token fields worth storing. */
export function defaultAccount(tokens: TokenSet): TokenSet {
  return stripUndefined({
    access_token: tokens.access_token,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    scope: tokens.scope,
    token_type: tokens.token_type,
    session_state: (tokens as Record<string, unknown>).session_state as string | undefined,
  }) as TokenSet;
}

function stripUndefined<T extends Record<string, unknown>>(object: T): T {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}

/** Fills in an OAuth/OIDC provider's defaults (reference §4.1). */
export function normalizeOAuth(provider: OAuthConfig<any>): InternalOAuthProvider {
  const authorization = withQueryAsParams(
    endpointObject<AuthorizationEndpointHandler>(provider.authorization),
  );
  const checks = provider.checks?.length ? [...provider.checks] : (["pkce"] as OAuthChecks[]);
  return {
    ...provider,
    authorization,
    token: endpointObject<TokenEndpointHandler>(provider.token),
    userinfo: endpointObject<UserinfoEndpointHandler>(provider.userinfo),
    checks,
    profile: provider.profile ?? defaultProfile,
    account: provider.account ?? defaultAccount,
  };
}
