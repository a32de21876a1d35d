/**
 * Nextcloud (OAuth 2), your own server. Set `issuer` (the server's URL) or
 * `AUTH_NEXTCLOUD_ISSUER`. Callback URL: `{origin}{base}/callback/nextcloud`.
 *
 * @module providers/nextcloud
 */
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "nextcloud",
  name: "Nextcloud",
  kind: "oauth",
  importName: "Nextcloud",
  console: "your Nextcloud: Administration settings, Security, OAuth 2.0 clients",
  needsIssuer: true,
  issuerFormat: "https://<your Nextcloud server>",
  scopes: "profile",
  checks: ["pkce", "state"],
  quirks:
    "The issuer is the server's base URL (add `/index.php` without pretty URLs); the profile is the OCS user metadata of the token's `user_id` (`cloud/users/<id>`), wrapped in `ocs.data`; Nextcloud has no scopes: it ignores the `profile` sent, and every token reaches the whole account.",
  brandColor: { light: "#0082c9", dark: "#4fb3ec" },
  logo: monogramLogo("N", "#0082c9", "#4fb3ec"),
});

/** The OCS user (`ocs.data` of `GET /ocs/v1.php/cloud/users/<id>`), the fields the preset reads. */
export interface NextcloudProfile {
  id: string;
  displayname: string | null;
  email: string | null;
  phone?: string;
  address?: string;
  website?: string;
  organisation?: string;
  role?: string;
  headline?: string;
  biography?: string;
  groups?: string[];
  language?: string;
  locale?: string;
  enabled?: boolean;
  [field: string]: unknown;
}

interface OcsAnswer {
  ocs?: { meta?: { statuscode?: number }; data?: NextcloudProfile };
}

/** Nextcloud sign-in; `issuer` is your server's URL, e.g. `https://cloud.example.com`. */
export default function Nextcloud({
  issuer,
  ...options
}: OAuthUserConfig<NextcloudProfile> = {}): OAuthConfig<NextcloudProfile> {
  const base = (issuer ?? "").replace(/\/+$/, "");
  // OCS lives outside `index.php`, whether or not the server has pretty URLs. The user is asked
  // for by the id the token response names (`user_id`), as Auth.js's preset does: the user
  // metadata call Nextcloud documents, which a user may make for their own account.
  const ocsBase = base.replace(/\/index\.php$/, "");
  const usersUrl = `${ocsBase}/ocs/v1.php/cloud/users`;
  return preset<NextcloudProfile>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: { url: `${base}/apps/oauth2/authorize`, params: { scope: catalogue.scopes } },
      token: `${base}/apps/oauth2/api/v1/token`,
      userinfo: {
        url: usersUrl,
        async request({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
          const fetchImpl = provider[customFetch] ?? fetch;
          const userinfo = provider.userinfo;
          const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? usersUrl;
          if (typeof tokens.user_id !== "string" || !tokens.user_id)
            throw new Error("Nextcloud's token response named no user_id");
          const response = await fetchImpl(`${url}/${encodeURIComponent(tokens.user_id)}`, {
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              accept: "application/json",
              // OCS refuses requests without it (CSRF protection for non-browser calls).
              "ocs-apirequest": "true",
            },
          });
          if (!response.ok) throw new Error(`Nextcloud cloud/users answered ${response.status}`);
          const body = (await response.json()) as OcsAnswer;
          if (!body.ocs?.data?.id) throw new Error("Nextcloud cloud/users answered without a user");
          return body.ocs.data as unknown as Profile;
        },
      },
      profile: (profile) => ({
        id: profile.id,
        name: profile.displayname ?? profile.id,
        email: profile.email ?? null,
        image: `${base}/avatar/${encodeURIComponent(profile.id)}/512`,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
