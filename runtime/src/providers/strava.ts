/** Strava (OAuth 2). Callback URL: `{origin}{base}/callback/strava`. @module providers/strava */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "strava",
  name: "Strava",
  kind: "oauth",
  importName: "Strava",
  console: "https://www.strava.com/settings/api",
  scopes: "read",
  checks: ["state"],
  quirks:
    "Register only the callback's host as the app's Authorization Callback Domain; asks for `approval_prompt=auto`; client_secret_post; no email (the athlete has none in the API); the numeric `id` becomes a string.",
  brandColor: { light: "#fc4c02", dark: "#fc4c02" },
  logo: monogramLogo("S", "#fc4c02", "#fc4c02"),
});

/** `GET https://www.strava.com/api/v3/athlete` (a summary or detailed athlete). */
export interface StravaProfile {
  id: number;
  username: string | null;
  firstname: string;
  lastname: string;
  profile: string;
  profile_medium: string;
  [field: string]: unknown;
}

/** Strava sign-in. */
export default function Strava(
  options?: OAuthUserConfig<StravaProfile>,
): OAuthConfig<StravaProfile> {
  return preset<StravaProfile>(
    {
      id: "strava",
      name: "Strava",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.strava.com/oauth/authorize",
        params: { scope: catalogue.scopes, approval_prompt: "auto" },
      },
      // Strava's pages name both `/oauth/token` and `/api/v3/oauth/token`; Auth.js's uses this one.
      token: "https://www.strava.com/api/v3/oauth/token",
      userinfo: "https://www.strava.com/api/v3/athlete",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: [profile.firstname, profile.lastname].filter(Boolean).join(" ") || profile.username,
        email: null,
        image: profile.profile,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
