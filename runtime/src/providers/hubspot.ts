/** HubSpot (OAuth 2). Callback URL: `{origin}{base}/callback/hubspot`. @module providers/hubspot */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "hubspot",
  name: "HubSpot",
  kind: "oauth",
  importName: "HubSpot",
  console: "https://app.hubspot.com/developer",
  scopes: "oauth",
  checks: ["pkce", "state"],
  quirks:
    "client_secret_post; the profile is the access token's metadata (`/oauth/v1/access-tokens/<token>`, the token in the path and no `Authorization` header), whose `user` is the email; the numeric `user_id` becomes a string.",
  brandColor: { light: "#ff7a59", dark: "#ff7a59" },
  logo: monogramLogo("H", "#ff7a59", "#ff7a59"),
});

/** `GET https://api.hubapi.com/oauth/v1/access-tokens/{token}`. */
export interface HubSpotProfile {
  token: string;
  user: string;
  hub_domain: string;
  scopes: string[];
  hub_id: number;
  app_id: number;
  expires_in: number;
  user_id: number;
  token_type: string;
  [field: string]: unknown;
}

const metadataUrl = "https://api.hubapi.com/oauth/v1/access-tokens";

/** HubSpot sign-in. */
export default function HubSpot(
  options?: OAuthUserConfig<HubSpotProfile>,
): OAuthConfig<HubSpotProfile> {
  return preset<HubSpotProfile>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://app.hubspot.com/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://api.hubapi.com/oauth/v1/token",
      userinfo: profileRequest({
        url: metadataUrl,
        // The token is the path: the documented request carries no `Authorization` header.
        headers: () => ({}),
        target: (url, token) => `${url.replace(/\/+$/, "")}/${encodeURIComponent(token)}`,
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.user_id),
        name: profile.user,
        email: profile.user,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
