/** LinkedIn (OpenID Connect). Callback URL: `{origin}{base}/callback/linkedin`. @module providers/linkedin */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "linkedin",
  name: "LinkedIn",
  kind: "oidc",
  importName: "LinkedIn",
  console: "https://www.linkedin.com/developers/apps",
  scopes: "openid profile email",
  checks: ["state"],
  quirks: "No PKCE; client_secret_post.",
  brandColor: { light: "#006699", dark: "#2d8fc4" },
  logo: monogramLogo("in", "#006699", "#2d8fc4"),
  order: 13,
});

export interface LinkedInProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/** Sign In with LinkedIn using OpenID Connect. */
export default function LinkedIn(
  options?: OAuthUserConfig<LinkedInProfile>,
): OIDCConfig<LinkedInProfile> {
  return oidcPreset<LinkedInProfile>(
    {
      id: "linkedin",
      name: "LinkedIn",
      issuer: "https://www.linkedin.com/oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
