/** Roblox (OpenID Connect). Callback URL: `{origin}{base}/callback/roblox`. @module providers/roblox */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { displayNameFromClaims } from "./claims.js";
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
    "No email with the default scopes (the `email` scope is not open to every app): the user has a name and a picture only; the picture may be missing until Roblox has rendered the avatar.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("R", "#000000", "#ffffff"),
});

/** The ID token's claims with the `profile` scope (`email` only with the `email` scope). */
export interface RobloxProfile {
  sub: string;
  email?: string;
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
        // `name` and `nickname` are the display name, `preferred_username` the username.
        name: displayNameFromClaims(profile),
        // Only with the `email` scope, which Roblox does not open to every app.
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
