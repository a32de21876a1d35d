/** Facebook (OAuth 2). Callback URL: `{origin}{base}/callback/facebook`. @module providers/facebook */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "facebook",
  name: "Facebook",
  kind: "oauth",
  importName: "Facebook",
  console: "https://developers.facebook.com/apps",
  scopes: "email",
  checks: ["pkce"],
  quirks:
    "Graph API v19; the picture comes from `picture.data.url`; no email when the user has none or declines.",
  brandColor: { light: "#006aff", dark: "#2d88ff" },
  logo: monogramLogo("f", "#006aff", "#2d88ff"),
  order: 11,
});

export interface FacebookProfile {
  id: string;
  name: string;
  email?: string;
  picture?: { data?: { url?: string } };
  [claim: string]: unknown;
}

/** Facebook Login (Graph API v19). */
export default function Facebook(
  options?: OAuthUserConfig<FacebookProfile>,
): OAuthConfig<FacebookProfile> {
  return preset<FacebookProfile>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: {
        url: "https://www.facebook.com/v19.0/dialog/oauth",
        params: { scope: "email" },
      },
      token: "https://graph.facebook.com/oauth/access_token",
      userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.email ?? null,
        image: profile.picture?.data?.url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
