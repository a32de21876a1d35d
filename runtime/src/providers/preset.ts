import type { OAuthConfig, OAuthUserConfig, OIDCConfig } from "./types.js";

/**
 * A preset: the provider's defaults with the user's settings kept aside as `options`, which the
 * runtime deep-merges over the defaults (the Auth.js convention, so presets of either library
 * work in both). Client id, secret and issuer may also come from `AUTH_<ID>_ID/_SECRET/_ISSUER`.
 */
export function preset<P>(
  defaults: Omit<OAuthConfig<P>, "options">,
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return { ...defaults, options } as OAuthConfig<P>;
}

/** An OpenID Connect preset whose endpoints all come from discovery at its issuer. */
export function oidcPreset<P>(
  defaults: Omit<OIDCConfig<P>, "options" | "type">,
  options: OAuthUserConfig<P> = {},
): OIDCConfig<P> {
  return { ...defaults, type: "oidc", options } as OIDCConfig<P>;
}
