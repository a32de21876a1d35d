/** Yandex ID (OAuth 2). Callback URL: `{origin}{base}/callback/yandex`. @module providers/yandex */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "yandex",
  name: "Yandex",
  kind: "oauth",
  importName: "Yandex",
  console: "https://oauth.yandex.com/client/new",
  scopes: "login:info login:email login:avatar",
  checks: ["pkce"],
  quirks:
    "The profile is `login.yandex.ru/info`, sent the token as `Authorization: OAuth <token>` (not `Bearer`); the scopes must also be ticked for the app in the console.",
  brandColor: { light: "#fc3f1d", dark: "#ff6a4d" },
  logo: monogramLogo("Y", "#fc3f1d", "#ff6a4d"),
});

/** `GET https://login.yandex.ru/info?format=json`: the fields the granted scopes unlock. */
export interface YandexProfile {
  id: string;
  login: string;
  client_id?: string;
  psuid?: string;
  display_name?: string;
  real_name?: string;
  first_name?: string;
  last_name?: string;
  sex?: "male" | "female" | null;
  default_email?: string;
  emails?: string[];
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
  [field: string]: unknown;
}

/** Yandex ID sign-in. */
export default function Yandex(
  options?: OAuthUserConfig<YandexProfile>,
): OAuthConfig<YandexProfile> {
  return preset<YandexProfile>(
    {
      id: "yandex",
      name: "Yandex",
      type: "oauth",
      checks: ["pkce"],
      authorization: {
        url: "https://oauth.yandex.ru/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://oauth.yandex.ru/token",
      userinfo: profileRequest({
        url: "https://login.yandex.ru/info?format=json",
        headers: (token) => ({ authorization: `OAuth ${token}` }),
      }),
      profile: (profile) => ({
        id: profile.id,
        // `login:info` fields, in Auth.js's order.
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? null,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image:
          profile.default_avatar_id && !profile.is_avatar_empty
            ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200`
            : null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
