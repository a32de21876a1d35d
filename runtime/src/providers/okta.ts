/**
 * Okta (OpenID Connect). Set `issuer` or `AUTH_OKTA_ISSUER`.
 * Callback URL: `{origin}{base}/callback/okta`.
 *
 * @module providers/okta
 */

import type { Profile } from "../types.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** Okta sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Okta(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "okta", name: "Okta", checks: ["pkce", "state"], style: { brandColor: "#000000" } },
    options,
  );
}
