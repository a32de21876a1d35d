/** Concept2 Logbook (OAuth 2). Callback URL: `{origin}{base}/callback/concept2`. @module providers/concept2 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "concept2",
  name: "Concept2",
  kind: "oauth",
  importName: "Concept2",
  console: "https://log.concept2.com/developers/keys",
  scopes: "user:read",
  checks: ["pkce", "state"],
  quirks:
    "Scopes are comma-separated; only `user:read` is asked (Auth.js also asks `results:write`: set `authorization.params.scope` for it); HTTP Basic client credentials and PKCE, as Auth.js's preset (reported signing in by its author); the profile is wrapped in `data`.",
  brandColor: { light: "#003c71", dark: "#4f8fcf" },
  logo: monogramLogo("C2", "#003c71", "#4f8fcf"),
});

/** `GET https://log.concept2.com/api/users/me`. */
export interface Concept2Profile {
  data: {
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    profile_image: string | null;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** Concept2 Logbook sign-in. */
export default function Concept2(
  options?: OAuthUserConfig<Concept2Profile>,
): OAuthConfig<Concept2Profile> {
  return preset<Concept2Profile>(
    {
      id: "concept2",
      name: "Concept2",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://log.concept2.com/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://log.concept2.com/oauth/access_token",
      userinfo: "https://log.concept2.com/api/users/me",
      profile: ({ data }) => ({
        id: String(data.id),
        name: data.username,
        email: data.email,
        image: data.profile_image,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
