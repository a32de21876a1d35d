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
    "The issuer is the server's base URL (add `/index.php` without pretty URLs); the profile is the OCS `cloud/user` call, wrapped in `ocs.data`; Nextcloud has no scopes: it ignores the `profile` sent, and every token reaches the whole account.",
  brandColor: { light: "#0082c9", dark: "#4fb3ec" },
  logo: monogramLogo("N", "#0082c9", "#4fb3ec"),
});

/** The OCS user (`ocs.data` of `GET /ocs/v2.php/cloud/user`), the fields the preset reads. */
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
  // OCS lives outside `index.php`, whether or not the server has pretty URLs.
  const ocsBase = base.replace(/\/index\.php$/, "");
  const userUrl = `${ocsBase}/ocs/v2.php/cloud/user?format=json`;
  return preset<NextcloudProfile>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: { url: `${base}/apps/oauth2/authorize`, params: { scope: catalogue.scopes } },
      token: `${base}/apps/oauth2/api/v1/token`,
      userinfo: {
        url: userUrl,
        async request({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
          const fetchImpl = provider[customFetch] ?? fetch;
          const userinfo = provider.userinfo;
          const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? userUrl;
          const response = await fetchImpl(url, {
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              accept: "application/json",
              // OCS refuses requests without it (CSRF protection for non-browser calls).
              "ocs-apirequest": "true",
            },
          });
          if (!response.ok) throw new Error(`Nextcloud cloud/user answered ${response.status}`);
          const body = (await response.json()) as OcsAnswer;
          if (!body.ocs?.data?.id) throw new Error("Nextcloud cloud/user answered without a user");
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
