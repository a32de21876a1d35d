/** Google (OpenID Connect). Callback URL: `{origin}{base}/callback/google`. @module providers/google */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "google",
  name: "Google",
  kind: "oidc",
  importName: "Google",
  console: "https://console.cloud.google.com/apis/credentials",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "Everything comes from discovery at `https://accounts.google.com`.",
  brandColor: { light: "#1a73e8", dark: "#8ab4f8" },
  logo: monogramLogo("G", "#1a73e8", "#8ab4f8"),
  order: 2,
});

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  given_name?: string;
  family_name?: string;
  hd?: string;
  [claim: string]: unknown;
}

/** Google sign-in; everything comes from discovery at `https://accounts.google.com`. */
export default function Google(
  options?: OAuthUserConfig<GoogleProfile>,
): OIDCConfig<GoogleProfile> {
  return oidcPreset<GoogleProfile>(
    {
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
