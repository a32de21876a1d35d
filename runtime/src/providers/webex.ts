/** Webex (OAuth 2). Callback URL: `{origin}{base}/callback/webex`. @module providers/webex */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "webex",
  name: "Webex",
  kind: "oauth",
  importName: "Webex",
  console: "https://developer.webex.com/my-apps",
  scopes: "spark:people_read",
  checks: ["pkce"],
  options: "`apiBaseUrl`: another Webex API base (default `https://webexapis.com/v1`)",
  quirks:
    "A Webex integration; only `spark:people_read` is asked (Auth.js adds `spark:kms`); the email is the first of `emails`.",
  brandColor: { light: "#0a5cc2", dark: "#64b4fa" },
  logo: monogramLogo("W", "#0a5cc2", "#64b4fa"),
});

/** `GET https://webexapis.com/v1/people/me` (a Person). */
export interface WebexProfile {
  id: string;
  emails: string[];
  displayName: string;
  nickName?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  orgId?: string;
  [field: string]: unknown;
}

export interface WebexOptions extends OAuthUserConfig<WebexProfile> {
  /** The API base the endpoints hang off (default `https://webexapis.com/v1`). */
  apiBaseUrl?: string;
}

/** Webex sign-in. */
export default function Webex({
  apiBaseUrl = "https://webexapis.com/v1",
  ...options
}: WebexOptions = {}): OAuthConfig<WebexProfile> {
  const base = apiBaseUrl.replace(/\/+$/, "");
  return preset<WebexProfile>(
    {
      id: "webex",
      name: "Webex",
      type: "oauth",
      checks: ["pkce"],
      authorization: { url: `${base}/authorize`, params: { scope: catalogue.scopes } },
      token: `${base}/access_token`,
      userinfo: `${base}/people/me`,
      profile: (profile) => ({
        id: profile.id,
        name: profile.displayName,
        email: profile.emails[0] ?? null,
        image: profile.avatar ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
