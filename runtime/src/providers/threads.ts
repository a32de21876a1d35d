/** Threads (Meta, OAuth 2). Callback URL: `{origin}{base}/callback/threads`. @module providers/threads */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { conformBearer } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "threads",
  name: "Threads",
  kind: "oauth",
  importName: "Threads",
  console: "https://developers.facebook.com/apps/ (a Meta app with the Threads API use case)",
  scopes: "threads_basic",
  checks: ["state"],
  quirks:
    "client_secret_post; the token answer has no `token_type` (Bearer assumed); Threads gives no email, only the user's id, username, name and picture.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("@", "#000000", "#ffffff"),
});

/** `GET https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url`. */
export interface ThreadsProfile {
  id: string;
  username?: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
  [field: string]: unknown;
}

/** Threads sign-in. */
export default function Threads(
  options?: OAuthUserConfig<ThreadsProfile>,
): OAuthConfig<ThreadsProfile> {
  return preset<ThreadsProfile>(
    {
      id: "threads",
      name: "Threads",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://threads.net/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: { url: "https://graph.threads.net/oauth/access_token", conform: conformBearer },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo:
        "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url",
      profile: (profile) => ({
        id: profile.id,
        name: profile.name || profile.username || null,
        email: null,
        image: profile.threads_profile_picture_url || null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
