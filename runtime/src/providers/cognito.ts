/**
 * Amazon Cognito user pools (OpenID Connect). Set `issuer` or `AUTH_COGNITO_ISSUER`.
 * Callback URL: `{origin}{base}/callback/cognito`.
 *
 * @module providers/cognito
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { displayNameFromClaims } from "./claims.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "cognito",
  name: "Cognito",
  kind: "oidc",
  importName: "Cognito",
  console: "https://console.aws.amazon.com/cognito/home",
  needsIssuer: true,
  issuerFormat: "https://cognito-idp.<region>.amazonaws.com/<user pool id>",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "The issuer is the user pool, not its hosted-UI domain (discovery names the domain's endpoints); the app client needs a secret and the `openid` scope allowed.",
  brandColor: { light: "#c17b9e", dark: "#d9a3be" },
  logo: monogramLogo("C", "#c17b9e", "#d9a3be"),
});

/** Cognito ID-token claims. */
export interface CognitoProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string;
  /** Always present, but may be a generated UUID (pools that sign in by email): not a name. */
  "cognito:username"?: string;
  [claim: string]: unknown;
}

/** Cognito user pool sign-in; endpoints come from discovery at the pool's issuer. */
export default function Cognito(
  options?: OAuthUserConfig<CognitoProfile>,
): OIDCConfig<CognitoProfile> {
  return oidcPreset<CognitoProfile>(
    {
      id: "cognito",
      name: "Cognito",
      profile: (profile) => ({
        id: profile.sub,
        // The standard attributes a pool may fill (not `cognito:username`), as Auth.js reads them.
        name: displayNameFromClaims(profile),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
