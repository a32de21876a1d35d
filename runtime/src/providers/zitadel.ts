/**
 * ZITADEL (OpenID Connect). Set `issuer` or `AUTH_ZITADEL_ISSUER`.
 * Callback URL: `{origin}{base}/callback/zitadel`.
 *
 * @module providers/zitadel
 */

import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "zitadel",
  name: "ZITADEL",
  kind: "oidc",
  importName: "Zitadel",
  console: "your ZITADEL console",
  needsIssuer: true,
  issuerFormat: "https://<instance>.zitadel.cloud",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "Endpoints come from discovery at your instance.",
  brandColor: { light: "#7054e9", dark: "#9a85f0" },
  logo: monogramLogo("Z", "#7054e9", "#9a85f0"),
  order: 10,
});

/** ZITADEL sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Zitadel(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "zitadel", name: "ZITADEL", checks: ["pkce"], style: catalogueStyle(catalogue) },
    options,
  );
}
