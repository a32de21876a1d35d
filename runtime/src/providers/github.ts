/** GitHub (OAuth 2). Callback URL: `{origin}{base}/callback/github`. @module providers/github */

import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "github",
  name: "GitHub",
  kind: "oauth",
  importName: "GitHub",
  console: "https://github.com/settings/developers",
  scopes: "read:user user:email",
  checks: ["pkce"],
  options: "`enterprise.baseUrl` for GitHub Enterprise Server",
  quirks:
    "The email, and whether it is verified, come from a second call to `/user/emails`; the numeric `id` becomes a string.",
  brandColor: { light: "#24292f", dark: "#f0f6fc" },
  logo: monogramLogo("GH", "#24292f", "#f0f6fc"),
  order: 1,
});

export interface GitHubProfile {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  /** Set by the preset from `/user/emails`: whether `email` is verified on GitHub. */
  email_verified?: boolean;
  [claim: string]: unknown;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export interface GitHubOptions extends OAuthUserConfig<GitHubProfile> {
  /** GitHub Enterprise Server, e.g. `{ baseUrl: "https://github.example.com" }`. */
  enterprise?: { baseUrl?: string };
}

/**
 * GitHub sign-in. The profile is `userinfo.url` (default `/user`); the email and whether it is
 * verified come from the API's `/user/emails` (the primary verified address when the profile has
 * none), both fetched through the provider's `customFetch` when set.
 */
export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const base = options.enterprise?.baseUrl?.replace(/\/+$/, "") ?? "https://github.com";
  const api = options.enterprise?.baseUrl ? `${base}/api/v3` : "https://api.github.com";
  return preset<GitHubProfile>(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      issuer: `${base}/login/oauth`,
      authorization: {
        url: `${base}/login/oauth/authorize`,
        params: { scope: "read:user user:email" },
      },
      token: `${base}/login/oauth/access_token`,
      userinfo: {
        url: `${api}/user`,
        async request({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
          const fetchImpl = provider[customFetch] ?? fetch;
          // The merged provider: a user's `userinfo: { url }` (a proxy, say) replaces `/user`.
          const userinfo = provider.userinfo;
          const userUrl =
            (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? `${api}/user`;
          const headers = {
            authorization: `Bearer ${tokens.access_token}`,
            "user-agent": "create-auth",
            accept: "application/vnd.github+json",
          };
          const response = await fetchImpl(userUrl, { headers });
          if (!response.ok) throw new Error(`GitHub /user answered ${response.status}`);
          const profile = (await response.json()) as GitHubProfile;
          const emailsResponse = await fetchImpl(`${api}/user/emails`, { headers });
          if (emailsResponse.ok) {
            const emails = (await emailsResponse.json()) as GitHubEmail[];
            const match = profile.email
              ? emails.find((e) => e.email.toLowerCase() === profile.email!.toLowerCase())
              : (emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified));
            if (match) {
              profile.email = match.email;
              profile.email_verified = match.verified;
            }
          }
          // The userinfo hook is typed with standard claims; GitHub's numeric `id` is mapped by profile().
          return profile as unknown as Profile;
        },
      },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    withoutEnterprise(options),
  );
}

function withoutEnterprise({
  enterprise: _enterprise,
  ...options
}: GitHubOptions): OAuthUserConfig<GitHubProfile> {
  return options;
}
