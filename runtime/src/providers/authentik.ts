/**
 * authentik (OpenID Connect). Set `issuer` or `AUTH_AUTHENTIK_ISSUER`.
 * Callback URL: `{origin}{base}/callback/authentik`.
 *
 * @module providers/authentik
 */
import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "authentik",
  name: "Authentik",
  kind: "oidc",
  importName: "Authentik",
  console: "your authentik admin interface (Applications → Providers)",
  needsIssuer: true,
  issuerFormat: "https://<host>/application/o/<application slug>/",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "One issuer per application, with a trailing slash; the endpoints themselves are shared by all applications (`/application/o/token/`).",
  brandColor: { light: "#fd4b2d", dark: "#fd6b52" },
  logo: monogramLogo("ak", "#fd4b2d", "#fd6b52"),
});

/** authentik sign-in; endpoints come from discovery at the application's issuer. */
export default function Authentik(options?: OAuthUserConfig<Profile>): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: "authentik", name: "Authentik", checks: ["pkce"], style: catalogueStyle(catalogue) },
    options,
  );
}
