/** X / Twitter (OAuth 2 with PKCE). Callback URL: `{origin}{base}/callback/twitter`. @module providers/twitter */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "twitter",
  name: "X (Twitter)",
  kind: "oauth",
  importName: "Twitter",
  console: "https://developer.x.com/en/portal/dashboard",
  scopes: "users.read tweet.read offline.access",
  checks: ["pkce", "state"],
  quirks: "No email unless your app is approved for it; the profile is wrapped in `data`.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("X", "#000000", "#ffffff"),
  order: 12,
});

export interface TwitterProfile {
  data: { id: string; name: string; username: string; profile_image_url?: string; email?: string };
  [claim: string]: unknown;
}

/** X (Twitter) sign-in. X does not return an email address unless your app is approved for it. */
export default function Twitter(
  options?: OAuthUserConfig<TwitterProfile>,
): OAuthConfig<TwitterProfile> {
  return preset<TwitterProfile>(
    {
      id: "twitter",
      name: "X",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access" },
      },
      token: "https://api.x.com/2/oauth2/token",
      userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
      profile: ({ data }) => ({
        id: data.id,
        name: data.name,
        email: data.email ?? null,
        image: data.profile_image_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
