/** Patreon (OAuth 2). Callback URL: `{origin}{base}/callback/patreon`. @module providers/patreon */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "patreon",
  name: "Patreon",
  kind: "oauth",
  importName: "Patreon",
  console: "https://www.patreon.com/portal/registration/register-clients",
  scopes: "identity identity[email]",
  checks: ["state"],
  quirks:
    "API v2: the profile is a JSON:API document (`data.attributes`) whose fields are asked for in `fields[user]`; client_secret_post; no PKCE.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("P", "#000000", "#ffffff"),
});

/** `GET https://www.patreon.com/api/oauth2/v2/identity` (a JSON:API user resource). */
export interface PatreonProfile {
  data: {
    id: string;
    type: "user";
    attributes: {
      full_name?: string;
      email?: string;
      image_url?: string;
      is_email_verified?: boolean;
      [field: string]: unknown;
    };
  };
  [field: string]: unknown;
}

const fields =
  "about,created,email,first_name,full_name,image_url,is_email_verified,last_name,url,vanity";

/** Patreon sign-in. */
export default function Patreon(
  options?: OAuthUserConfig<PatreonProfile>,
): OAuthConfig<PatreonProfile> {
  return preset<PatreonProfile>(
    {
      id: "patreon",
      name: "Patreon",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.patreon.com/oauth2/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://www.patreon.com/api/oauth2/token",
      userinfo: `https://www.patreon.com/api/oauth2/v2/identity?${new URLSearchParams({ "fields[user]": fields })}`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: data.id,
        name: data.attributes.full_name ?? null,
        email: data.attributes.email ?? null,
        image: data.attributes.image_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
