/** Zoho Accounts (OAuth 2). Callback URL: `{origin}{base}/callback/zoho`. @module providers/zoho */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { conformErrorStatus } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "zoho",
  name: "Zoho",
  kind: "oauth",
  importName: "Zoho",
  console: "https://api-console.zoho.com/",
  scopes: "AaaServer.profile.Read",
  checks: ["state"],
  options:
    "users of another data centre (EU, IN, AU, JP, CA): set `authorization`, `token` and `userinfo` to that `accounts.zoho.<domain>` server",
  quirks:
    "client_secret_post; the token endpoint may answer an error with HTTP 200 and an `error` field, which is treated as the error it is; the profile is `/oauth/user/info`.",
  brandColor: { light: "#e42527", dark: "#f0585a" },
  logo: monogramLogo("Z", "#e42527", "#f0585a"),
});

/** `GET https://accounts.zoho.com/oauth/user/info`. */
export interface ZohoProfile {
  ZUID: number | string;
  First_Name?: string;
  Last_Name?: string;
  Display_Name?: string;
  Email?: string;
  [field: string]: unknown;
}

/** Zoho sign-in. */
export default function Zoho(options?: OAuthUserConfig<ZohoProfile>): OAuthConfig<ZohoProfile> {
  return preset<ZohoProfile>(
    {
      id: "zoho",
      name: "Zoho",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://accounts.zoho.com/oauth/v2/auth",
        params: { scope: catalogue.scopes },
      },
      token: { url: "https://accounts.zoho.com/oauth/v2/token", conform: conformErrorStatus },
      client: { token_endpoint_auth_method: "client_secret_post" },
      // Zoho takes the token as `Bearer` or `Zoho-oauthtoken`: Bearer, as Auth.js sends it.
      userinfo: "https://accounts.zoho.com/oauth/user/info",
      profile: (profile) => ({
        id: String(profile.ZUID),
        // First and last name, as Auth.js's preset joins them (without its "undefined").
        name:
          [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ") ||
          profile.Display_Name ||
          null,
        email: profile.Email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
