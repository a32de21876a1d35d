/** Kakao (OAuth 2). Callback URL: `{origin}{base}/callback/kakao`. @module providers/kakao */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "kakao",
  name: "Kakao",
  kind: "oauth",
  importName: "Kakao",
  console: "https://developers.kakao.com/console/app",
  checks: ["pkce"],
  options: "`clientSecret` only when client-secret use is turned on for the app",
  quirks:
    "Consent items (nickname, picture, email) are set in the console, so no `scope` is sent; client_secret_post; the numeric `id` becomes a string.",
  brandColor: { light: "#fee500", dark: "#fee500" },
  logo: monogramLogo("K", "#fee500", "#fee500"),
});

/** `GET https://kapi.kakao.com/v2/user/me`. */
export interface KakaoProfile {
  id: number;
  connected_at?: string;
  kakao_account?: {
    profile?: { nickname?: string; profile_image_url?: string; thumbnail_image_url?: string };
    email?: string;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    [field: string]: unknown;
  };
  [claim: string]: unknown;
}

/** Kakao Login. */
export default function Kakao(options?: OAuthUserConfig<KakaoProfile>): OAuthConfig<KakaoProfile> {
  return preset<KakaoProfile>(
    {
      id: "kakao",
      name: "Kakao",
      type: "oauth",
      authorization: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.kakao_account?.profile?.nickname ?? null,
        email: profile.kakao_account?.email ?? null,
        image: profile.kakao_account?.profile?.profile_image_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
