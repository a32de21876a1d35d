/**
 * 42 School (OAuth 2), the 42 intranet's API. Callback URL: `{origin}{base}/callback/42-school`.
 *
 * @module providers/42-school
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "42-school",
  name: "42 School",
  kind: "oauth",
  importName: "FortyTwo",
  console: "https://profile.intra.42.fr/oauth/applications/new",
  scopes: "public",
  checks: ["pkce", "state"],
  quirks:
    "The profile is `/v2/me` of the 42 API; the picture is `image.link` and the name `usual_full_name`; client_secret_post.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("42", "#000000", "#ffffff"),
});

/** The user of `GET /v2/me` (the fields the preset reads; the API sends many more). */
export interface FortyTwoProfile {
  id: number;
  email: string;
  login: string;
  first_name: string;
  last_name: string;
  usual_full_name: string | null;
  usual_first_name: string | null;
  displayname: string;
  url: string;
  image: { link: string | null; versions?: Record<string, string | null> } | null;
  "staff?": boolean;
  [field: string]: unknown;
}

/** 42 School sign-in. */
export default function FortyTwo(
  options?: OAuthUserConfig<FortyTwoProfile>,
): OAuthConfig<FortyTwoProfile> {
  return preset<FortyTwoProfile>(
    {
      id: "42-school",
      name: "42 School",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://api.intra.42.fr/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://api.intra.42.fr/oauth/token",
      userinfo: "https://api.intra.42.fr/v2/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.usual_full_name ?? profile.displayname ?? profile.login,
        email: profile.email ?? null,
        image: profile.image?.link ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
