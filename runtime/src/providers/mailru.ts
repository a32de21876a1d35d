/** Mail.ru (OAuth 2). Callback URL: `{origin}{base}/callback/mailru`. @module providers/mailru */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "mailru",
  name: "Mail.ru",
  kind: "oauth",
  importName: "Mailru",
  console: "your app's settings in OAuth Mail (Mail.ru)",
  scopes: "userinfo",
  checks: ["pkce", "state"],
  quirks:
    "The callback URL must match the app's exactly, trailing slash included; client_secret_post; the profile request carries the token as `access_token` in the query, not in a header.",
  brandColor: { light: "#005ff9", dark: "#4d8efb" },
  logo: monogramLogo("M", "#005ff9", "#4d8efb"),
});

/** `GET https://oauth.mail.ru/userinfo?access_token=…`. */
export interface MailruProfile {
  id: string;
  email: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  image?: string;
  [field: string]: unknown;
}

/** Mail.ru sign-in. */
export default function Mailru(
  options?: OAuthUserConfig<MailruProfile>,
): OAuthConfig<MailruProfile> {
  return preset<MailruProfile>(
    {
      id: "mailru",
      name: "Mail.ru",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://oauth.mail.ru/login",
        params: { scope: catalogue.scopes },
      },
      token: "https://oauth.mail.ru/token",
      userinfo: profileRequest({
        url: "https://oauth.mail.ru/userinfo",
        headers: () => ({}),
        target: (url, token) => {
          const target = new URL(url);
          target.searchParams.set("access_token", token);
          return target.toString();
        },
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? profile.nickname ?? null,
        email: profile.email,
        image: profile.image ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
