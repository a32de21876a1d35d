/**
 * Auth0 (OpenID Connect). Set `issuer` or `AUTH_AUTH0_ISSUER`.
 * Callback URL: `{origin}{base}/callback/auth0`.
 *
 * @module providers/auth0
 */

import type { Profile } from "../types.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** Auth0 sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Auth0(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "auth0", name: "Auth0", checks: ["pkce"], style: { brandColor: "#eb5424" } },
    options,
  );
}
