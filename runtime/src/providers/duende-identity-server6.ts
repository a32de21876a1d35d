/**
 * Duende IdentityServer (OpenID Connect), your own server. Set `issuer` or
 * `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`. Callback URL:
 * `{origin}{base}/callback/duende-identity-server6`.
 *
 * @module providers/duende-identity-server6
 */
import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "duende-identity-server6",
  name: "Duende IdentityServer",
  kind: "oidc",
  importName: "DuendeIdentityServer6",
  console: "your IdentityServer's client configuration",
  needsIssuer: true,
  issuerFormat: "https://<your IdentityServer host>",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "Self-hosted; the client needs the `openid`, `profile` and `email` identity resources allowed.",
  brandColor: { light: "#2c3e73", dark: "#8fa6e6" },
  logo: monogramLogo("IS", "#2c3e73", "#8fa6e6"),
});

/** Duende IdentityServer sign-in; endpoints come from discovery at your server. */
export default function DuendeIdentityServer6(
  options?: OAuthUserConfig<Profile>,
): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    {
      id: "duende-identity-server6",
      name: "Duende IdentityServer",
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
