/** WordPress.com (OAuth 2). Callback URL: `{origin}{base}/callback/wordpress`. @module providers/wordpress */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "wordpress",
  name: "WordPress.com",
  kind: "oauth",
  importName: "WordPress",
  console: "https://developer.wordpress.com/apps/",
  scopes: "auth",
  checks: ["state"],
  quirks:
    "WordPress.com accounts (and Jetpack sites), not self-hosted WordPress; client_secret_post; the `auth` scope reaches only `/me`, the profile.",
  brandColor: { light: "#3858e9", dark: "#7b90ff" },
  logo: monogramLogo("W", "#3858e9", "#7b90ff"),
});

/** `GET https://public-api.wordpress.com/rest/v1/me`, the fields the preset reads. */
export interface WordPressProfile {
  ID: number;
  display_name: string;
  username: string;
  email: string;
  email_verified?: boolean;
  avatar_URL: string;
  profile_URL?: string;
  primary_blog?: number;
  [field: string]: unknown;
}

/** WordPress.com sign-in. */
export default function WordPress(
  options?: OAuthUserConfig<WordPressProfile>,
): OAuthConfig<WordPressProfile> {
  return preset<WordPressProfile>(
    {
      id: "wordpress",
      name: "WordPress.com",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://public-api.wordpress.com/oauth2/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://public-api.wordpress.com/oauth2/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: "https://public-api.wordpress.com/rest/v1/me",
      profile: (profile) => ({
        id: String(profile.ID),
        name: profile.display_name || profile.username,
        email: profile.email || null,
        image: profile.avatar_URL || null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
