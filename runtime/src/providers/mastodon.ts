/**
 * Mastodon (OAuth 2, one server per issuer). Set `issuer` to the server's URL (or pass
 * `Mastodon` uncalled, and `AUTH_MASTODON_ISSUER` fills it). Callback URL: `{origin}{base}/callback/mastodon`.
 *
 * @module providers/mastodon
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "mastodon",
  name: "Mastodon",
  kind: "oauth",
  importName: "Mastodon",
  console: "your server's Preferences → Development (or `POST /api/v1/apps`)",
  needsIssuer: true,
  issuerFormat: "https://<server>",
  options:
    "`issuer` is the server, e.g. `https://mastodon.social` (the endpoints are built from it)",
  scopes: "read:accounts",
  checks: ["pkce"],
  quirks:
    "An app is registered on one server, which the issuer names; the profile is `/api/v1/accounts/verify_credentials`, which carries no email.",
  brandColor: { light: "#6364ff", dark: "#858afa" },
  logo: monogramLogo("M", "#6364ff", "#858afa"),
});

/** `GET /api/v1/accounts/verify_credentials` (a CredentialAccount). */
export interface MastodonProfile {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  avatar: string;
  avatar_static: string;
  url: string;
  [field: string]: unknown;
}

/** Sign in with a Mastodon server. */
export default function Mastodon(
  options: OAuthUserConfig<MastodonProfile> = {},
): OAuthConfig<MastodonProfile> {
  const server = (options.issuer ?? "").replace(/\/+$/, "");
  return preset<MastodonProfile>(
    {
      id: "mastodon",
      name: "Mastodon",
      type: "oauth",
      checks: ["pkce"],
      authorization: {
        url: `${server}/oauth/authorize`,
        params: { scope: catalogue.scopes },
      },
      token: `${server}/oauth/token`,
      userinfo: `${server}/api/v1/accounts/verify_credentials`,
      profile: (profile) => ({
        id: profile.id,
        // The username (`display_name` may be empty), as Auth.js's preset reads it.
        name: profile.username,
        email: null,
        image: profile.avatar_static,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
