/** GitLab (OAuth 2). Callback URL: `{origin}{base}/callback/gitlab`. @module providers/gitlab */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "gitlab",
  name: "GitLab",
  kind: "oauth",
  importName: "GitLab",
  console: "https://gitlab.com/-/user_settings/applications",
  scopes: "read_user",
  checks: ["pkce"],
  options: "`baseUrl` for self-managed GitLab",
  quirks: "The numeric `id` becomes a string.",
  brandColor: { light: "#fc6d26", dark: "#fc6d26" },
  logo: monogramLogo("GL", "#fc6d26", "#fc6d26"),
  order: 3,
});

export interface GitLabProfile {
  id: number;
  username: string;
  name: string;
  email: string;
  avatar_url: string;
  confirmed_at?: string | null;
  [claim: string]: unknown;
}

export interface GitLabOptions extends OAuthUserConfig<GitLabProfile> {
  /** A self-managed GitLab, e.g. `https://gitlab.example.com`. Default `https://gitlab.com`. */
  baseUrl?: string;
}

/** GitLab sign-in (gitlab.com or self-managed). */
export default function GitLab({
  baseUrl = "https://gitlab.com",
  ...options
}: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const base = baseUrl.replace(/\/+$/, "");
  return preset<GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v4/user`,
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.username,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
