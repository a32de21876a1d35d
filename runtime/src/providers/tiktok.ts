/** TikTok (Login Kit for Web, OAuth 2). Callback URL: `{origin}{base}/callback/tiktok`. @module providers/tiktok */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import { conformErrorStatus } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "tiktok",
  name: "TikTok",
  kind: "oauth",
  importName: "TikTok",
  console: "https://developers.tiktok.com/apps/ (an app with Login Kit)",
  scopes: "user.info.basic",
  checks: ["state"],
  options: "`clientId` is the app's client key",
  quirks:
    "The client id is called `client_key` (sent under both names) and goes in the token request's body with the secret; TikTok gives no email; the profile is wrapped in `data.user`.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("T", "#000000", "#ffffff"),
});

/** `data.user` of `GET https://open.tiktokapis.com/v2/user/info/`, with the fields asked for. */
export interface TikTokProfile {
  open_id: string;
  avatar_url?: string;
  display_name?: string;
  [field: string]: unknown;
}

interface UserInfoAnswer {
  data?: { user?: TikTokProfile };
  error?: { code?: string; message?: string; log_id?: string };
}

// The fields Auth.js's preset asks for: the profile request is the same after a switch.
const userInfoUrl =
  "https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name";

/** TikTok sign-in. */
export default function TikTok(
  options?: OAuthUserConfig<TikTokProfile>,
): OAuthConfig<TikTokProfile> {
  return preset<TikTokProfile>(
    {
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.tiktok.com/v2/auth/authorize/",
        params: { scope: catalogue.scopes },
      },
      token: { url: "https://open.tiktokapis.com/v2/oauth/token/", conform: conformErrorStatus },
      client: { token_endpoint_auth_method: "client_secret_post" },
      clientIdParameter: "client_key",
      userinfo: profileRequest({
        url: userInfoUrl,
        select: (body) => {
          const { data, error } = body as UserInfoAnswer;
          if (!data?.user?.open_id || (error?.code && error.code !== "ok"))
            throw new Error(`TikTok user info answered ${error?.code ?? "without a user"}`);
          return data.user;
        },
      }),
      profile: (profile) => ({
        id: profile.open_id,
        name: profile.display_name ?? null,
        email: null,
        image: profile.avatar_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
