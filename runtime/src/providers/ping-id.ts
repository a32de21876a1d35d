/**
 * PingOne by Ping Identity (OpenID Connect). Set `issuer` or `AUTH_PING_ID_ISSUER`.
 * Callback URL: `{origin}{base}/callback/ping-id`.
 *
 * @module providers/ping-id
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { displayNameFromClaims } from "./claims.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "ping-id",
  name: "Ping Identity",
  kind: "oidc",
  importName: "PingId",
  console: "https://console.pingone.com",
  needsIssuer: true,
  issuerFormat: "https://auth.pingone.com/<environment id>/as",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks: "One PingOne environment per issuer (`.eu`, `.ca`, `.asia` hosts outside North America).",
  brandColor: { light: "#b3282d", dark: "#e5676b" },
  logo: monogramLogo("P", "#b3282d", "#e5676b"),
});

export interface PingProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  nickname?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** PingOne sign-in; endpoints come from discovery at your environment's issuer. */
export default function PingId(options?: OAuthUserConfig<PingProfile>): OIDCConfig<PingProfile> {
  return oidcPreset<PingProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: displayNameFromClaims(profile),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
