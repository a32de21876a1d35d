/**
 * ZITADEL (OpenID Connect). Set `issuer` or `AUTH_ZITADEL_ISSUER`.
 * Callback URL: `{origin}{base}/callback/zitadel`.
 *
 * @module providers/zitadel
 */

import type { Profile } from "../types.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** ZITADEL sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Zitadel(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "zitadel", name: "ZITADEL", checks: ["pkce"], style: { brandColor: "#7054e9" } },
    options,
  );
}
