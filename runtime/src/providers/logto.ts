/**
 * Logto (OpenID Connect). Set `issuer` or `AUTH_LOGTO_ISSUER`.
 * Callback URL: `{origin}{base}/callback/logto`.
 *
 * @module providers/logto
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "logto",
  name: "Logto",
  kind: "oidc",
  importName: "Logto",
  console: "https://cloud.logto.io",
  needsIssuer: true,
  issuerFormat: "https://<tenant>.logto.app/oidc",
  scopes: "offline_access openid email profile",
  checks: ["pkce"],
  quirks:
    "The issuer ends in `/oidc`; the user's name falls back to the Logto username; ID tokens are signed with ES384 by default.",
  brandColor: { light: "#5d34f2", dark: "#a18bff" },
  logo: monogramLogo("L", "#5d34f2", "#a18bff"),
});

export interface LogtoProfile {
  sub: string;
  name?: string | null;
  username?: string | null;
  picture?: string | null;
  email?: string | null;
  email_verified?: boolean;
  phone_number?: string | null;
  phone_number_verified?: boolean;
  [claim: string]: unknown;
}

/** Logto sign-in (Logto Cloud or self-hosted); endpoints come from discovery. */
export default function Logto(options?: OAuthUserConfig<LogtoProfile>): OIDCConfig<LogtoProfile> {
  return oidcPreset<LogtoProfile>(
    {
      id: "logto",
      name: "Logto",
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
