/**
 * Kinde (OpenID Connect). Set `issuer` or `AUTH_KINDE_ISSUER`.
 * Callback URL: `{origin}{base}/callback/kinde`.
 *
 * @module providers/kinde
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { nameFromClaims } from "./claims.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "kinde",
  name: "Kinde",
  kind: "oidc",
  importName: "Kinde",
  console: "https://app.kinde.com/admin",
  needsIssuer: true,
  issuerFormat: "https://<business>.kinde.com",
  scopes: "openid profile email",
  checks: ["pkce", "state"],
  quirks: "Register a back-end web application; its domain is the issuer.",
  brandColor: { light: "#0f0f0f", dark: "#ffffff" },
  logo: monogramLogo("K", "#0f0f0f", "#ffffff"),
});

export interface KindeProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string | null;
  [claim: string]: unknown;
}

/** Kinde sign-in; endpoints come from discovery at your business domain. */
export default function Kinde(options?: OAuthUserConfig<KindeProfile>): OIDCConfig<KindeProfile> {
  return oidcPreset<KindeProfile>(
    {
      id: "kinde",
      name: "Kinde",
      checks: ["pkce", "state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: nameFromClaims(profile),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
