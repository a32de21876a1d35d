/** Bitbucket Cloud (OAuth 2). Callback URL: `{origin}{base}/callback/bitbucket`. @module providers/bitbucket */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "bitbucket",
  name: "Bitbucket",
  kind: "oauth",
  importName: "Bitbucket",
  console: "https://bitbucket.org/<workspace>/workspace/settings/api",
  scopes: "account",
  checks: ["pkce"],
  quirks:
    "An OAuth consumer of a workspace; the user has no email (Bitbucket's profile carries none); the id is the Atlassian `account_id`, as in Auth.js.",
  brandColor: { light: "#205081", dark: "#4c9aff" },
  logo: monogramLogo("Bb", "#205081", "#4c9aff"),
});

/** `GET https://api.bitbucket.org/2.0/user`. */
export interface BitbucketProfile {
  account_id: string;
  uuid: string;
  username?: string;
  display_name?: string;
  nickname?: string;
  links: { avatar?: { href?: string }; [link: string]: unknown };
  [claim: string]: unknown;
}

/** Bitbucket Cloud sign-in. */
export default function Bitbucket(
  options?: OAuthUserConfig<BitbucketProfile>,
): OAuthConfig<BitbucketProfile> {
  return preset<BitbucketProfile>(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: {
        url: "https://bitbucket.org/site/oauth2/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: "https://api.bitbucket.org/2.0/user",
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.display_name ?? profile.username ?? profile.nickname ?? null,
        email: null,
        image: profile.links.avatar?.href ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
