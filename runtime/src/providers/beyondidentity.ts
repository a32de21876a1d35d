/**
 * Beyond Identity (OpenID Connect, passwordless). Set `issuer` or
 * `AUTH_BEYONDIDENTITY_ISSUER`. Callback URL: `{origin}{base}/callback/beyondidentity`.
 *
 * @module providers/beyondidentity
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "beyondidentity",
  name: "Beyond Identity",
  kind: "oidc",
  importName: "BeyondIdentity",
  console: "https://console-us.beyondidentity.com",
  needsIssuer: true,
  issuerFormat:
    "https://auth-us.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<application>",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "The issuer is one application's, deep in the path; no picture.",
  brandColor: { light: "#5077c5", dark: "#8aa6e0" },
  logo: monogramLogo("BI", "#5077c5", "#8aa6e0"),
});

export interface BeyondIdentityProfile {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  [claim: string]: unknown;
}

/** Beyond Identity sign-in; endpoints come from discovery at your application's issuer. */
export default function BeyondIdentity(
  options?: OAuthUserConfig<BeyondIdentityProfile>,
): OIDCConfig<BeyondIdentityProfile> {
  return oidcPreset<BeyondIdentityProfile>(
    {
      id: "beyondidentity",
      name: "Beyond Identity",
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
