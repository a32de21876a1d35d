/** Zoom (OAuth 2). Callback URL: `{origin}{base}/callback/zoom`. @module providers/zoom */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "zoom",
  name: "Zoom",
  kind: "oauth",
  importName: "Zoom",
  console: "https://marketplace.zoom.us/develop/create",
  checks: ["pkce"],
  quirks:
    "Scopes are chosen in the app's settings, so no `scope` is sent; the profile needs the `user:read:user` scope (granular) or `user:read` (classic).",
  brandColor: { light: "#0b5cff", dark: "#5c8dff" },
  logo: monogramLogo("Z", "#0b5cff", "#5c8dff"),
});

/** `GET https://api.zoom.us/v2/users/me`. */
export interface ZoomProfile {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email: string;
  pic_url?: string;
  verified?: number;
  [claim: string]: unknown;
}

/** Zoom sign-in. */
export default function Zoom(options?: OAuthUserConfig<ZoomProfile>): OAuthConfig<ZoomProfile> {
  return preset<ZoomProfile>(
    {
      id: "zoom",
      name: "Zoom",
      type: "oauth",
      authorization: "https://zoom.us/oauth/authorize",
      token: "https://zoom.us/oauth/token",
      userinfo: "https://api.zoom.us/v2/users/me",
      profile: (profile) => ({
        id: profile.id,
        name:
          profile.display_name ||
          [profile.first_name, profile.last_name].filter(Boolean).join(" ") ||
          null,
        email: profile.email,
        image: profile.pic_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
