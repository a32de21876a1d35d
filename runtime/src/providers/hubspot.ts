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
  checks: ["pkce"],
  quirks:
    "client_secret_post, on HubSpot's dated OAuth API (`/oauth/2026-03/token`; v1 stops on 2027-02-16); the profile is the access token's introspection (a form `POST` of the token and the client's credentials to `/oauth/2026-03/token/introspect`, no `Authorization` header), whose `user` is the email; the numeric `user_id` becomes a string, and an inactive token ends the sign-in.",
  brandColor: { light: "#ff7a59", dark: "#ff7a59" },
  logo: monogramLogo("H", "#ff7a59", "#ff7a59"),
});

/** An access token's introspection (`POST https://api.hubapi.com/oauth/2026-03/token/introspect`). */
export interface HubSpotProfile {
  active: boolean;
  token: string;
  token_use: "access_token";
  token_type: string;
  client_id: string;
  app_id: number;
  hub_id: number;
  hub_domain?: string;
  scopes: string[];
  expires_in: number;
  user_id: number;
  /** The user's HubSpot login: documented as their email address by the v1 metadata. */
  user?: string;
  [field: string]: unknown;
}

// The dated OAuth API (2026-03): the v1 token and token-metadata endpoints stop on 2027-02-16.
const api = "https://api.hubapi.com/oauth/2026-03";

/**
 * RFC 7662: a token that is expired, revoked or not this app's is answered `active: false` with
 * no user, which must not become an account.
 */
function activeOnly(body: unknown) {
  if ((body as { active?: unknown } | null)?.active !== true)
    throw new Error("HubSpot answered that the access token is not active");
  return body;
}

/** HubSpot sign-in. */
export default function HubSpot(
  options?: OAuthUserConfig<HubSpotProfile>,
): OAuthConfig<HubSpotProfile> {
  return preset<HubSpotProfile>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      checks: ["pkce"],
      authorization: {
        url: "https://app.hubspot.com/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: `${api}/token`,
      userinfo: profileRequest({
        url: `${api}/token/introspect`,
        method: "POST",
        // The token and the app's credentials are the documented form fields; no `Authorization`.
        headers: () => ({}),
        form: (token, provider) => ({
          token,
          token_type_hint: "access_token",
          client_id: provider.clientId ?? "",
          client_secret: provider.clientSecret ?? "",
        }),
        select: activeOnly,
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.user_id),
        name: profile.user ?? null,
        email: profile.user ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
