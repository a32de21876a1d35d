/** Atlassian (OAuth 2.0 3LO). Callback URL: `{origin}{base}/callback/atlassian`. @module providers/atlassian */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "atlassian",
  name: "Atlassian",
  kind: "oauth",
  importName: "Atlassian",
  console: "https://developer.atlassian.com/console/myapps/",
  scopes: "read:me",
  checks: ["state"],
  quirks:
    "Asks for the `api.atlassian.com` audience and `prompt=consent`; the client authenticates in the token request's body (client_secret_post); no PKCE.",
  brandColor: { light: "#0052cc", dark: "#4c9aff" },
  logo: monogramLogo("A", "#0052cc", "#4c9aff"),
});

/** `GET https://api.atlassian.com/me`. */
export interface AtlassianProfile {
  account_id: string;
  account_type?: string;
  account_status?: string;
  email: string;
  name: string;
  nickname?: string;
  picture: string;
  [claim: string]: unknown;
}

/** Atlassian account sign-in (Jira, Confluence, Bitbucket users). */
export default function Atlassian(
  options?: OAuthUserConfig<AtlassianProfile>,
): OAuthConfig<AtlassianProfile> {
  return preset<AtlassianProfile>(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://auth.atlassian.com/authorize",
        params: { audience: "api.atlassian.com", prompt: "consent", scope: catalogue.scopes },
      },
      token: "https://auth.atlassian.com/oauth/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: "https://api.atlassian.com/me",
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name,
        email: profile.email,
        image: profile.picture,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
