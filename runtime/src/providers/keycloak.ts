/**
 * Keycloak (OpenID Connect). Set `issuer` or `AUTH_KEYCLOAK_ISSUER`.
 * Callback URL: `{origin}{base}/callback/keycloak`.
 *
 * @module providers/keycloak
 */

import type { Profile } from "../types.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** Keycloak sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Keycloak(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "keycloak", name: "Keycloak", checks: ["pkce"], style: { brandColor: "#428bca" } },
    options,
  );
}
