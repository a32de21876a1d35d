/** Netlify (OAuth 2). Callback URL: `{origin}{base}/callback/netlify`. @module providers/netlify */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "netlify",
  name: "Netlify",
  kind: "oauth",
  importName: "Netlify",
  console: "https://app.netlify.com/user/applications",
  checks: ["state"],
  quirks: "No scopes (a token acts for the whole account), so no `scope` is sent; no PKCE.",
  brandColor: { light: "#014847", dark: "#32e6e2" },
  logo: monogramLogo("N", "#014847", "#32e6e2"),
});

/** `GET https://api.netlify.com/api/v1/user`. */
export interface NetlifyProfile {
  id: string;
  uid?: string;
  full_name: string | null;
  avatar_url: string | null;
  email: string;
  [field: string]: unknown;
}

/** Netlify sign-in. */
export default function Netlify(
  options?: OAuthUserConfig<NetlifyProfile>,
): OAuthConfig<NetlifyProfile> {
  return preset<NetlifyProfile>(
    {
      id: "netlify",
      name: "Netlify",
      type: "oauth",
      checks: ["state"],
      authorization: "https://app.netlify.com/authorize",
      token: "https://api.netlify.com/oauth/token",
      userinfo: "https://api.netlify.com/api/v1/user",
      profile: (profile) => ({
        id: profile.id,
        name: profile.full_name,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
