/** Dropbox (OAuth 2). Callback URL: `{origin}{base}/callback/dropbox`. @module providers/dropbox */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "dropbox",
  name: "Dropbox",
  kind: "oauth",
  importName: "Dropbox",
  console: "https://www.dropbox.com/developers/apps",
  scopes: "account_info.read",
  checks: ["pkce"],
  quirks:
    "Asks for `token_access_type=offline` (a refresh token); the profile is a `POST` to `/2/users/get_current_account` with no body.",
  brandColor: { light: "#0061fe", dark: "#0061fe" },
  logo: monogramLogo("Db", "#0061fe", "#0061fe"),
});

/** `POST https://api.dropboxapi.com/2/users/get_current_account` (a FullAccount). */
export interface DropboxProfile {
  account_id: string;
  name: { display_name: string; given_name: string; surname: string; [field: string]: unknown };
  email: string;
  email_verified: boolean;
  profile_photo_url?: string;
  [field: string]: unknown;
}

/** Dropbox sign-in. */
export default function Dropbox(
  options?: OAuthUserConfig<DropboxProfile>,
): OAuthConfig<DropboxProfile> {
  return preset<DropboxProfile>(
    {
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { scope: catalogue.scopes, token_access_type: "offline" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: profileRequest({
        url: "https://api.dropboxapi.com/2/users/get_current_account",
        method: "POST",
      }),
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name.display_name,
        email: profile.email,
        image: profile.profile_photo_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
