/**
 * Mattermost (OAuth 2), your own server. Set `issuer` (the server's URL) or
 * `AUTH_MATTERMOST_ISSUER`. Callback URL: `{origin}{base}/callback/mattermost`.
 *
 * @module providers/mattermost
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "mattermost",
  name: "Mattermost",
  kind: "oauth",
  importName: "Mattermost",
  console: "your Mattermost server: Integrations, OAuth 2.0 Applications",
  needsIssuer: true,
  issuerFormat: "https://<your Mattermost server>",
  scopes: "user",
  checks: ["pkce", "state"],
  quirks:
    "The issuer is the server's base URL (endpoints are built from it, no discovery); enable the OAuth 2.0 service provider in the System Console; `user` is the one scope; client_secret_post.",
  brandColor: { light: "#1e325c", dark: "#5d89ea" },
  logo: monogramLogo("M", "#1e325c", "#5d89ea"),
});

/** The user of `GET /api/v4/users/me` (the fields the preset reads; the API sends more). */
export interface MattermostProfile {
  id: string;
  username: string;
  email: string;
  email_verified?: boolean;
  nickname?: string;
  first_name?: string;
  last_name?: string;
  create_at?: number;
  update_at?: number;
  delete_at?: number;
  auth_service?: string;
  roles?: string;
  locale?: string;
  [field: string]: unknown;
}

/** Mattermost sign-in; `issuer` is your server's URL, e.g. `https://chat.example.com`. */
export default function Mattermost({
  issuer,
  ...options
}: OAuthUserConfig<MattermostProfile> = {}): OAuthConfig<MattermostProfile> {
  const base = (issuer ?? "").replace(/\/+$/, "");
  return preset<MattermostProfile>(
    {
      id: "mattermost",
      name: "Mattermost",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: { url: `${base}/oauth/authorize`, params: { scope: catalogue.scopes } },
      token: `${base}/oauth/access_token`,
      userinfo: `${base}/api/v4/users/me`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        // The username, which every account has (as Auth.js's preset reads it).
        name: profile.username,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
