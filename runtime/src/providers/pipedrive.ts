/** Pipedrive (OAuth 2). Callback URL: `{origin}{base}/callback/pipedrive`. @module providers/pipedrive */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "pipedrive",
  name: "Pipedrive",
  kind: "oauth",
  importName: "Pipedrive",
  console: "https://developers.pipedrive.com/",
  checks: ["state"],
  quirks:
    "An app in Pipedrive's Developer Hub (a sandbox account to start); scopes are chosen on the app, so none is sent; client_secret_basic, no PKCE; the profile is wrapped in `data`.",
  brandColor: { light: "#017737", dark: "#2bb36a" },
  logo: monogramLogo("P", "#017737", "#2bb36a"),
});

/** `GET https://api.pipedrive.com/v1/users/me`. */
export interface PipedriveProfile {
  success: boolean;
  data: {
    id: number;
    name: string;
    email: string;
    icon_url: string | null;
    company_id?: number;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** Pipedrive sign-in. */
export default function Pipedrive(
  options?: OAuthUserConfig<PipedriveProfile>,
): OAuthConfig<PipedriveProfile> {
  return preset<PipedriveProfile>(
    {
      id: "pipedrive",
      name: "Pipedrive",
      type: "oauth",
      checks: ["state"],
      authorization: "https://oauth.pipedrive.com/oauth/authorize",
      token: "https://oauth.pipedrive.com/oauth/token",
      userinfo: "https://api.pipedrive.com/v1/users/me",
      profile: ({ data: user }) => ({
        id: String(user.id),
        name: user.name,
        email: user.email,
        image: user.icon_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
