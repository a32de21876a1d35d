/**
 * Which providers the playground stands in for, and how such a provider is rewired: the same
 * id, name and button, but the playground's endpoints, client and standard-claims profile.
 *
 * @module playground/providers
 */
import type { Env } from "../core/env.js";
import { defaultAccount, type InternalOAuthProvider } from "../oauth/normalize.js";
import type { Profile } from "../types.js";
import { playgroundClient } from "./store.js";

/** Marks a provider served by the playground (never set on a provider with a client id). */
const playgroundMarker = Symbol("create-auth.playground");

/** The path of the playground under the base path: `/auth/playground`. */
export const PLAYGROUND_SEGMENT = "playground";

/**
 * Whether the playground is asked for: the `playground` option when set, else
 * `AUTH_PLAYGROUND` (`1`, `true`, `yes`, `on`, any case).
 */
export function playgroundRequested(option: boolean | undefined, env: Env): boolean {
  if (option !== undefined) return option;
  return /^(1|true|yes|on)$/i.test(env.AUTH_PLAYGROUND?.trim() ?? "");
}

/** Whether `provider` is served by the playground. */
export function isPlaygroundProvider(provider: unknown): boolean {
  return (
    typeof provider === "object" &&
    provider !== null &&
    (provider as Record<symbol, unknown>)[playgroundMarker] === true
  );
}

/**
 * The provider as the playground serves it. Its endpoints are discovered at the playground's
 * issuer, which depends on the request's origin and is set per request by
 * {@link withPlaygroundIssuer}; everything the real provider would do differently (its own
 * userinfo request, profile mapping, client authentication) is dropped, so the flow is plain
 * OpenID Connect with PKCE, state and nonce.
 */
export function toPlaygroundProvider(provider: InternalOAuthProvider): InternalOAuthProvider {
  const client = playgroundClient(provider.id);
  return {
    ...provider,
    type: "oidc",
    issuer: undefined,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    authorization: { params: { scope: "openid profile email" } },
    token: undefined,
    userinfo: undefined,
    jwks_endpoint: undefined,
    wellKnown: undefined,
    checks: ["pkce", "state", "nonce"],
    idToken: true,
    allowInsecureRequests: false,
    redirectProxyUrl: undefined,
    profile: playgroundProfile,
    account: defaultAccount,
    [playgroundMarker]: true,
  } as InternalOAuthProvider;
}

/**
 * A playground user as the app sees it: standard OIDC claims, with the account id prefixed so
 * a test account can never be taken for a real one of the same provider later.
 */
export function playgroundProfile(claims: Profile) {
  return {
    id: `playground:${String(claims.sub)}`,
    name: claims.name ?? null,
    email: claims.email ?? null,
    image: claims.picture ?? null,
  };
}

/** The playground's issuer for the origin and base path a request is served under. */
export function playgroundIssuer(base: string): string {
  return `${base}/${PLAYGROUND_SEGMENT}`;
}

/** `provider` with the issuer of the playground at `base` (e.g. `http://localhost:3000/auth`). */
export function withPlaygroundIssuer<P extends object>(provider: P, base: string): P {
  return { ...provider, issuer: playgroundIssuer(base) };
}
