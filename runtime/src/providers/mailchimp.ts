/** Mailchimp (OAuth 2). Callback URL: `{origin}{base}/callback/mailchimp`. @module providers/mailchimp */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { conformBearer } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "mailchimp",
  name: "Mailchimp",
  kind: "oauth",
  importName: "Mailchimp",
  console: "https://admin.mailchimp.com/account/oauth2/client/",
  checks: ["state"],
  quirks:
    "No scopes; no PKCE; client_secret_post; the token response has no `token_type` and a `null` scope (conformed before validation); the profile is `/oauth2/metadata` (the account and its login).",
  brandColor: { light: "#ffe01b", dark: "#ffe01b" },
  logo: monogramLogo("Mc", "#ffe01b", "#ffe01b"),
});

/** `GET https://login.mailchimp.com/oauth2/metadata`. */
export interface MailchimpProfile {
  dc: string;
  role: string;
  accountname: string;
  user_id: number;
  login: {
    email: string;
    avatar: string | null;
    login_id: number;
    login_name: string;
    login_email: string;
  };
  login_url: string;
  api_endpoint: string;
  [field: string]: unknown;
}

/** Mailchimp sign-in. */
export default function Mailchimp(
  options?: OAuthUserConfig<MailchimpProfile>,
): OAuthConfig<MailchimpProfile> {
  return preset<MailchimpProfile>(
    {
      id: "mailchimp",
      name: "Mailchimp",
      type: "oauth",
      checks: ["state"],
      authorization: "https://login.mailchimp.com/oauth2/authorize",
      token: { url: "https://login.mailchimp.com/oauth2/token", conform: conformBearer },
      userinfo: "https://login.mailchimp.com/oauth2/metadata",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.login.login_id),
        name: profile.accountname,
        email: profile.login.email,
        image: profile.login.avatar,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
