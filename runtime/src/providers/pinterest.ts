/** Pinterest (OAuth 2). Callback URL: `{origin}{base}/callback/pinterest`. @module providers/pinterest */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "pinterest",
  name: "Pinterest",
  kind: "oauth",
  importName: "Pinterest",
  console: "https://developers.pinterest.com/apps/",
  scopes: "user_accounts:read",
  checks: ["state"],
  quirks:
    "API v5; no PKCE; the id is the `username` (as in Auth.js); no email in the API's user account.",
  brandColor: { light: "#e60023", dark: "#e60023" },
  logo: monogramLogo("P", "#e60023", "#e60023"),
});

/** `GET https://api.pinterest.com/v5/user_account`. */
export interface PinterestProfile {
  account_type: "PINNER" | "BUSINESS";
  id?: string;
  profile_image: string;
  website_url?: string;
  username: string;
  business_name?: string | null;
  [field: string]: unknown;
}

/** Pinterest sign-in. */
export default function Pinterest(
  options?: OAuthUserConfig<PinterestProfile>,
): OAuthConfig<PinterestProfile> {
  return preset<PinterestProfile>(
    {
      id: "pinterest",
      name: "Pinterest",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.pinterest.com/oauth",
        params: { scope: catalogue.scopes },
      },
      token: "https://api.pinterest.com/v5/oauth/token",
      userinfo: "https://api.pinterest.com/v5/user_account",
      profile: (profile) => ({
        id: profile.username,
        name: profile.business_name || profile.username,
        email: null,
        image: profile.profile_image,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
