/**
 * Auth0 (OpenID Connect). Set `issuer` or `AUTH_AUTH0_ISSUER`.
 * Callback URL: `{origin}{base}/callback/auth0`.
 *
 * @module providers/auth0
 */

import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "auth0",
  name: "Auth0",
  kind: "oidc",
  importName: "Auth0",
  console: "https://manage.auth0.com",
  needsIssuer: true,
  issuerFormat: "https://<tenant>.auth0.com/",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "Endpoints come from discovery at your tenant's issuer (mind its trailing slash).",
  brandColor: { light: "#eb5424", dark: "#eb5424" },
  logo: monogramLogo("A0", "#eb5424", "#eb5424"),
  order: 7,
});

/** Auth0 sign-in; endpoints come from discovery at your tenant's issuer. */
export default function Auth0(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "auth0", name: "Auth0", checks: ["pkce"], style: catalogueStyle(catalogue) },
    options,
  );
}
