/**
 * Asgardeo (OpenID Connect). Set `issuer` or `AUTH_ASGARDEO_ISSUER`.
 * Callback URL: `{origin}{base}/callback/asgardeo`.
 *
 * @module providers/asgardeo
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { nameFromClaims } from "./claims.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "asgardeo",
  name: "Asgardeo",
  kind: "oidc",
  importName: "Asgardeo",
  console: "https://console.asgardeo.io",
  needsIssuer: true,
  issuerFormat: "https://api.asgardeo.io/t/<organization>/oauth2/token",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "The issuer is the organization's token endpoint (`…/oauth2/token`, as the Console shows it); the organization URL alone gets `/oauth2/token` appended.",
  brandColor: { light: "#ff7300", dark: "#ff8f33" },
  logo: monogramLogo("As", "#ff7300", "#ff8f33"),
});

export interface AsgardeoProfile {
  sub: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** Asgardeo's issuer for an organization URL: its `/oauth2/token` path. */
function asgardeoIssuer(issuer: string | undefined): string | undefined {
  if (!issuer) return undefined;
  const trimmed = issuer.replace(/\/+$/, "");
  return trimmed.endsWith("/oauth2/token") ? trimmed : `${trimmed}/oauth2/token`;
}

/** Asgardeo sign-in; endpoints come from discovery at your organization's issuer. */
export default function Asgardeo({
  issuer,
  ...options
}: OAuthUserConfig<AsgardeoProfile> = {}): OIDCConfig<AsgardeoProfile> {
  return oidcPreset<AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      issuer: asgardeoIssuer(issuer),
      checks: ["pkce"],
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
