/** Twitch (OpenID Connect). Callback URL: `{origin}{base}/callback/twitch`. @module providers/twitch */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "twitch",
  name: "Twitch",
  kind: "oidc",
  importName: "Twitch",
  console: "https://dev.twitch.tv/console",
  scopes: "openid user:read:email",
  checks: ["pkce"],
  quirks:
    "Asks for its claims in the `claims` parameter; its token endpoint answers `scope` as an array and errors as `{ message }`, rewritten before validation; client_secret_post.",
  brandColor: { light: "#65459b", dark: "#a970ff" },
  logo: monogramLogo("T", "#65459b", "#a970ff"),
  order: 16,
});

export interface TwitchProfile {
  sub: string;
  preferred_username: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Twitch's token endpoint returns `scope` as an array (RFC 6749 says a string) and errors as
 * `{ message }`; this rewrites both into the standard shape before validation.
 */
const conform = conformJson((body, response) => {
  if (response.ok && Array.isArray(body.scope))
    return { body: { ...body, scope: body.scope.join(" ") } };
  if (!response.ok && typeof body.error !== "string")
    return { body: { error: "invalid_request", error_description: body.message } };
  return undefined;
});

/** Twitch sign-in. */
export default function Twitch(
  options?: OAuthUserConfig<TwitchProfile>,
): OIDCConfig<TwitchProfile> {
  return oidcPreset<TwitchProfile>(
    {
      id: "twitch",
      name: "Twitch",
      issuer: "https://id.twitch.tv/oauth2",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: {
        params: {
          scope: "openid user:read:email",
          claims: {
            id_token: {
              email: null,
              email_verified: null,
              picture: null,
              preferred_username: null,
            },
          },
        },
      },
      token: { conform },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.preferred_username,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
