/** GitLab (OAuth 2). Callback URL: `{origin}{base}/callback/gitlab`. @module providers/gitlab */
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

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
      style: { brandColor: "#fc6d26", text: "#ffffff" },
    },
    options,
  );
}
