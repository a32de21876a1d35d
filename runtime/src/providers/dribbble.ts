/** Dribbble (OAuth 2). Callback URL: `{origin}{base}/callback/dribbble`. @module providers/dribbble */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "dribbble",
  name: "Dribbble",
  kind: "oauth",
  importName: "Dribbble",
  console: "https://dribbble.com/account/applications/new",
  scopes: "public",
  checks: ["state"],
  quirks:
    "No PKCE; client_secret_post; the API's user has no email unless Dribbble grants your app one; the numeric `id` becomes a string.",
  brandColor: { light: "#ea4c89", dark: "#ea4c89" },
  logo: monogramLogo("Dr", "#ea4c89", "#ea4c89"),
});

/** `GET https://api.dribbble.com/v2/user`. */
export interface DribbbleProfile {
  id: number;
  name: string;
  login: string;
  avatar_url: string | null;
  email?: string | null;
  [field: string]: unknown;
}

/** Dribbble sign-in. */
export default function Dribbble(
  options?: OAuthUserConfig<DribbbleProfile>,
): OAuthConfig<DribbbleProfile> {
  return preset<DribbbleProfile>(
    {
      id: "dribbble",
      name: "Dribbble",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://dribbble.com/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://dribbble.com/oauth/token",
      userinfo: "https://api.dribbble.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name || profile.login,
        email: profile.email ?? null,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
