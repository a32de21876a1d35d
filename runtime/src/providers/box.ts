/** Box (OAuth 2). Callback URL: `{origin}{base}/callback/box`. @module providers/box */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "box",
  name: "Box",
  kind: "oauth",
  importName: "Box",
  console: "https://app.box.com/developers/console",
  checks: ["state"],
  quirks:
    "Scopes are chosen in the app's configuration, so no `scope` is sent; client_secret_post; the email is the user's `login`.",
  brandColor: { light: "#0061d5", dark: "#0061d5" },
  logo: monogramLogo("box", "#0061d5", "#0061d5"),
});

/** `GET https://api.box.com/2.0/users/me` (a user object). */
export interface BoxProfile {
  type: "user";
  id: string;
  name: string;
  login: string;
  avatar_url?: string;
  [field: string]: unknown;
}

/** Box sign-in. */
export default function Box(options?: OAuthUserConfig<BoxProfile>): OAuthConfig<BoxProfile> {
  return preset<BoxProfile>(
    {
      id: "box",
      name: "Box",
      type: "oauth",
      checks: ["state"],
      authorization: "https://account.box.com/api/oauth2/authorize",
      token: "https://api.box.com/oauth2/token",
      userinfo: "https://api.box.com/2.0/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.login,
        image: profile.avatar_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
