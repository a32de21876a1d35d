/**
 * Wikimedia (OAuth 2 on Meta-Wiki; one account for Wikipedia, Wikidata and the other wikis).
 * Callback URL: `{origin}{base}/callback/wikimedia`.
 *
 * @module providers/wikimedia
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "wikimedia",
  name: "Wikimedia",
  kind: "oauth",
  importName: "Wikimedia",
  console: "https://meta.wikimedia.org/wiki/Special:OAuthConsumerRegistration/propose/oauth2",
  checks: ["pkce"],
  quirks:
    "Grants are chosen when the consumer is registered (choose identity verification only), so no `scope` is sent; a new consumer works only for its owner until Wikimedia approves it; the email is there only with the email grant, and an account may have none.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("W", "#000000", "#ffffff"),
});

/** `GET https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile`. */
export interface WikimediaProfile {
  sub: string | number;
  username: string;
  editcount?: number;
  confirmed_email?: boolean;
  blocked?: boolean;
  registered?: string;
  groups?: string[];
  rights?: string[];
  grants?: string[];
  realname?: string;
  email?: string;
  [field: string]: unknown;
}

/** Wikimedia sign-in. */
export default function Wikimedia(
  options?: OAuthUserConfig<WikimediaProfile>,
): OAuthConfig<WikimediaProfile> {
  return preset<WikimediaProfile>(
    {
      id: "wikimedia",
      name: "Wikimedia",
      type: "oauth",
      checks: ["pkce"],
      authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
      token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
      userinfo: profileRequest({
        url: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
        // Wikimedia asks every API client to name itself in the User-Agent.
        headers: (token) => ({
          authorization: `Bearer ${token}`,
          "user-agent": "create-auth (https://www.npmjs.com/package/@create-auth/runtime)",
        }),
      }),
      profile: (profile) => ({
        id: String(profile.sub),
        name: profile.username,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
