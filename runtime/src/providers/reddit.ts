/** Reddit (OAuth 2). Callback URL: `{origin}{base}/callback/reddit`. @module providers/reddit */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "reddit",
  name: "Reddit",
  kind: "oauth",
  importName: "Reddit",
  console: "https://www.reddit.com/prefs/apps",
  scopes: "identity",
  checks: ["state"],
  quirks:
    'A "web app" (new apps need Reddit\'s approval under its API terms); requires `state`, no PKCE; the profile comes from `oauth.reddit.com` with a `User-Agent`; no email.',
  brandColor: { light: "#ff4500", dark: "#ff4500" },
  logo: monogramLogo("R", "#ff4500", "#ff4500"),
});

/** `GET https://oauth.reddit.com/api/v1/me` (the signed-in account). */
export interface RedditProfile {
  id: string;
  name: string;
  icon_img?: string;
  [field: string]: unknown;
}

/** Reddit sign-in. */
export default function Reddit(
  options?: OAuthUserConfig<RedditProfile>,
): OAuthConfig<RedditProfile> {
  return preset<RedditProfile>(
    {
      id: "reddit",
      name: "Reddit",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.reddit.com/api/v1/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://www.reddit.com/api/v1/access_token",
      userinfo: profileRequest({
        url: "https://oauth.reddit.com/api/v1/me",
        headers: (token) => ({ authorization: `Bearer ${token}`, "user-agent": "create-auth" }),
      }),
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: null,
        // The API's JSON escapes `&` in URLs as `&amp;`.
        image: profile.icon_img ? profile.icon_img.replaceAll("&amp;", "&") : null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
