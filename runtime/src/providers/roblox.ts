/** Roblox (OpenID Connect). Callback URL: `{origin}{base}/callback/roblox`. @module providers/roblox */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "roblox",
  name: "Roblox",
  kind: "oidc",
  importName: "Roblox",
  console: "https://create.roblox.com/dashboard/credentials (OAuth 2.0 apps)",
  scopes: "openid profile",
  checks: ["pkce", "state"],
  quirks:
    "Roblox shares no email address: the user has a name and a picture only; the picture may be missing until Roblox has rendered the avatar.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("R", "#000000", "#ffffff"),
});

/** The ID token's claims with the `profile` scope. */
export interface RobloxProfile {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  created_at?: number;
  profile?: string;
  picture?: string | null;
  [claim: string]: unknown;
}

/** Roblox sign-in. */
export default function Roblox(
  options?: OAuthUserConfig<RobloxProfile>,
): OIDCConfig<RobloxProfile> {
  return oidcPreset<RobloxProfile>(
    {
      id: "roblox",
      name: "Roblox",
      issuer: "https://apis.roblox.com/oauth/",
      checks: ["pkce", "state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
