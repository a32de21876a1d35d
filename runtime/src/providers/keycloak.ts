/**
 * Keycloak (OpenID Connect). Set `issuer` or `AUTH_KEYCLOAK_ISSUER`.
 * Callback URL: `{origin}{base}/callback/keycloak`.
 *
 * @module providers/keycloak
 */

import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "keycloak",
  name: "Keycloak",
  kind: "oidc",
  importName: "Keycloak",
  console: "your Keycloak admin console",
  needsIssuer: true,
  issuerFormat: "https://<host>/realms/<realm>",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "One realm per issuer; endpoints come from its discovery.",
  brandColor: { light: "#428bca", dark: "#6aa6db" },
  logo: monogramLogo("K", "#428bca", "#6aa6db"),
  order: 8,
});

/** Keycloak sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Keycloak(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "keycloak", name: "Keycloak", checks: ["pkce"], style: catalogueStyle(catalogue) },
    options,
  );
}
