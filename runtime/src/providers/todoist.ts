/** Todoist (OAuth 2). Callback URL: `{origin}{base}/callback/todoist`. @module providers/todoist */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "todoist",
  name: "Todoist",
  kind: "oauth",
  importName: "Todoist",
  console: "https://app.todoist.com/app/settings/integrations/app-management",
  scopes: "data:read",
  checks: ["state"],
  quirks:
    "Scopes are comma-separated and `state` is required; client_secret_post, no PKCE; the profile is API v1's `/api/v1/user` (Auth.js still asks the retired Sync v9 endpoint).",
  brandColor: { light: "#e44332", dark: "#e44332" },
  logo: monogramLogo("T", "#e44332", "#e44332"),
});

/** `GET https://api.todoist.com/api/v1/user`. */
export interface TodoistProfile {
  id: string;
  email: string;
  full_name: string;
  avatar_big?: string | null;
  [field: string]: unknown;
}

/** Todoist sign-in (named like Auth.js's default export). */
export default function TodoistProvider(
  options?: OAuthUserConfig<TodoistProfile>,
): OAuthConfig<TodoistProfile> {
  return preset<TodoistProfile>(
    {
      id: "todoist",
      name: "Todoist",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://todoist.com/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://todoist.com/oauth/access_token",
      userinfo: "https://api.todoist.com/api/v1/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.full_name,
        email: profile.email,
        image: profile.avatar_big ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
