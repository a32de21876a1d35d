/** osu! (OAuth 2). Callback URL: `{origin}{base}/callback/osu`. @module providers/osu */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "osu",
  name: "osu!",
  kind: "oauth",
  importName: "Osu",
  console: "https://osu.ppy.sh/home/account/edit#oauth",
  scopes: "identify",
  checks: ["pkce", "state"],
  quirks:
    "The profile is `/api/v2/me`; osu! never shares the email. Its token endpoint (Laravel Passport) takes the client credentials as HTTP Basic or in the body, and PKCE.",
  brandColor: { light: "#ff66aa", dark: "#ff66aa" },
  logo: monogramLogo("o!", "#ff66aa", "#ff66aa"),
});

/** `GET https://osu.ppy.sh/api/v2/me` (a UserExtended). */
export interface OsuProfile {
  id: number;
  username: string;
  avatar_url: string;
  country_code: string;
  [field: string]: unknown;
}

/** osu! sign-in. */
export default function Osu(options?: OAuthUserConfig<OsuProfile>): OAuthConfig<OsuProfile> {
  return preset<OsuProfile>(
    {
      id: "osu",
      name: "osu!",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://osu.ppy.sh/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://osu.ppy.sh/oauth/token",
      userinfo: "https://osu.ppy.sh/api/v2/me",
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.username,
        email: null,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
