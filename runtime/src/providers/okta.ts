/**
 * Okta (OpenID Connect). Set `issuer` or `AUTH_OKTA_ISSUER`.
 * Callback URL: `{origin}{base}/callback/okta`.
 *
 * @module providers/okta
 */

import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "okta",
  name: "Okta",
  kind: "oidc",
  importName: "Okta",
  console: "your Okta admin console",
  needsIssuer: true,
  issuerFormat: "https://<org>.okta.com",
  scopes: "openid profile email",
  checks: ["pkce", "state"],
  quirks: "Endpoints come from discovery at your org (or custom authorization server) issuer.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("O", "#000000", "#ffffff"),
  order: 9,
});

/** Okta sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Okta(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "okta", name: "Okta", checks: ["pkce", "state"], style: catalogueStyle(catalogue) },
    options,
  );
}
