/** Trakt (OAuth 2). Callback URL: `{origin}{base}/callback/trakt`. @module providers/trakt */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "trakt",
  name: "Trakt",
  kind: "oauth",
  importName: "Trakt",
  console: "https://app.trakt.tv/settings/apps",
  checks: ["state"],
  quirks:
    "OAuth goes to `auth.trakt.tv` (Trakt: not the API host); no scopes, no PKCE; client_secret_post; every API call names the app (`trakt-api-key`: the client id) and the API version (`trakt-api-version: 2`); the account id is the user's `slug` (as in Auth.js), which changes with the username; no email.",
  brandColor: { light: "#ed1c24", dark: "#ff4d55" },
  logo: monogramLogo("Tr", "#ed1c24", "#ff4d55"),
});

/** `GET https://api.trakt.tv/users/me?extended=full`. */
export interface TraktProfile {
  username: string;
  name: string | null;
  private: boolean;
  vip: boolean;
  ids: { slug: string; [id: string]: unknown };
  images?: { avatar?: { full?: string } };
  [field: string]: unknown;
}

/** Trakt sign-in. */
export default function Trakt(options?: OAuthUserConfig<TraktProfile>): OAuthConfig<TraktProfile> {
  return preset<TraktProfile>(
    {
      id: "trakt",
      name: "Trakt",
      type: "oauth",
      checks: ["state"],
      // Trakt documents one host for every OAuth request, and not the API host.
      authorization: "https://auth.trakt.tv/oauth/authorize",
      token: "https://auth.trakt.tv/oauth/token",
      userinfo: profileRequest({
        url: "https://api.trakt.tv/users/me?extended=full",
        headers: (token, provider) => ({
          authorization: `Bearer ${token}`,
          "trakt-api-version": "2",
          "trakt-api-key": provider.clientId ?? "",
        }),
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.ids.slug,
        name: profile.name || profile.username,
        email: null,
        image: profile.images?.avatar?.full ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
