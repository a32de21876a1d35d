/** ClickUp (OAuth 2). Callback URL: `{origin}{base}/callback/click-up`. @module providers/click-up */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import { conformBearer } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "click-up",
  name: "ClickUp",
  kind: "oauth",
  importName: "ClickUp",
  console: "https://app.clickup.com/settings/apps",
  checks: ["state"],
  quirks:
    "No scopes and no PKCE; only a Workspace owner or admin can create the app; the token answer is a bare `access_token`, and the API takes it as `Authorization: <token>` (no `Bearer`); the profile is wrapped in `user`.",
  brandColor: { light: "#7b68ee", dark: "#9d8ff5" },
  logo: monogramLogo("CU", "#7b68ee", "#9d8ff5"),
});

/** `GET https://api.clickup.com/api/v2/user` (the authorized user). */
export interface ClickUpProfile {
  user: {
    id: number;
    username: string;
    email: string;
    color: string | null;
    profilePicture: string | null;
    initials?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** ClickUp sign-in. */
export default function ClickUp(
  options?: OAuthUserConfig<ClickUpProfile>,
): OAuthConfig<ClickUpProfile> {
  return preset<ClickUpProfile>(
    {
      id: "click-up",
      name: "ClickUp",
      type: "oauth",
      checks: ["state"],
      authorization: "https://app.clickup.com/api",
      token: { url: "https://api.clickup.com/api/v2/oauth/token", conform: conformBearer },
      userinfo: profileRequest({
        url: "https://api.clickup.com/api/v2/user",
        headers: (token) => ({ authorization: token }),
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ user }) => ({
        id: String(user.id),
        name: user.username,
        email: user.email,
        image: user.profilePicture,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
