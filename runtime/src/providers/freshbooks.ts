/** FreshBooks (OAuth 2). Callback URL: `{origin}{base}/callback/freshbooks`. @module providers/freshbooks */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "freshbooks",
  name: "FreshBooks",
  kind: "oauth",
  importName: "Freshbooks",
  console: "https://my.freshbooks.com/#/developer",
  scopes: "user:profile:read",
  checks: ["state"],
  quirks:
    "The app must list `user:profile:read` among its scopes; HTTPS callback only (no query string); client_secret_post, no PKCE; the profile (`/auth/api/v1/users/me`) is wrapped in `response`; no image.",
  brandColor: { light: "#0075dd", dark: "#4fa3f0" },
  logo: monogramLogo("F", "#0075dd", "#4fa3f0"),
});

/** `GET https://api.freshbooks.com/auth/api/v1/users/me` (the identity). */
export interface FreshbooksProfile {
  response: {
    id: number;
    identity_id?: number;
    first_name: string;
    last_name: string;
    email: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** FreshBooks sign-in. */
export default function Freshbooks(
  options?: OAuthUserConfig<FreshbooksProfile>,
): OAuthConfig<FreshbooksProfile> {
  return preset<FreshbooksProfile>(
    {
      id: "freshbooks",
      name: "Freshbooks",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://auth.freshbooks.com/oauth/authorize/",
        params: { scope: catalogue.scopes },
      },
      token: "https://api.freshbooks.com/auth/oauth/token",
      userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ response: user }) => ({
        id: String(user.id),
        name: [user.first_name, user.last_name].filter(Boolean).join(" ") || null,
        email: user.email,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
