/** Spotify (OAuth 2). Callback URL: `{origin}{base}/callback/spotify`. @module providers/spotify */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "spotify",
  name: "Spotify",
  kind: "oauth",
  importName: "Spotify",
  console: "https://developer.spotify.com/dashboard",
  scopes: "user-read-email",
  checks: ["pkce"],
  quirks: "The image is the first of `images`.",
  brandColor: { light: "#1db954", dark: "#1ed760" },
  logo: monogramLogo("S", "#1db954", "#1ed760"),
  order: 15,
});

export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  email: string;
  images?: { url: string }[];
  [claim: string]: unknown;
}

/** Spotify sign-in. */
export default function Spotify(
  options?: OAuthUserConfig<SpotifyProfile>,
): OAuthConfig<SpotifyProfile> {
  return preset<SpotifyProfile>(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: {
        url: "https://accounts.spotify.com/authorize",
        params: { scope: "user-read-email" },
      },
      token: "https://accounts.spotify.com/api/token",
      userinfo: "https://api.spotify.com/v1/me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name,
        email: profile.email,
        image: profile.images?.[0]?.url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
