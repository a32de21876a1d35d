/** FACEIT (OAuth 2). Callback URL: `{origin}{base}/callback/faceit`. @module providers/faceit */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "faceit",
  name: "FACEIT",
  kind: "oauth",
  importName: "FACEIT",
  console: "https://developers.faceit.com/apps",
  checks: ["pkce"],
  quirks:
    "Scopes (`openid`, `email`, `profile`) are picked on the app's client, so none is sent; asks for `redirect_popup=true`; the id is the user's `guid`.",
  brandColor: { light: "#ff5500", dark: "#ff5500" },
  logo: monogramLogo("F", "#ff5500", "#ff5500"),
});

/** `GET https://api.faceit.com/auth/v1/resources/userinfo`. */
export interface FACEITProfile {
  guid: string;
  nickname: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** FACEIT Connect. */
export default function FACEIT(
  options?: OAuthUserConfig<FACEITProfile>,
): OAuthConfig<FACEITProfile> {
  return preset<FACEITProfile>(
    {
      id: "faceit",
      name: "FACEIT",
      type: "oauth",
      checks: ["pkce"],
      authorization: {
        url: "https://accounts.faceit.com/accounts",
        params: { redirect_popup: "true" },
      },
      token: "https://api.faceit.com/auth/v1/oauth/token",
      userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
      profile: (profile) => ({
        id: profile.guid,
        name: profile.nickname,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
