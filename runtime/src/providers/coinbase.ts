/** Coinbase (OAuth 2). Callback URL: `{origin}{base}/callback/coinbase`. @module providers/coinbase */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "coinbase",
  name: "Coinbase",
  kind: "oauth",
  importName: "Coinbase",
  console: "https://portal.cdp.coinbase.com/",
  scopes: "wallet:user:email wallet:user:read",
  checks: ["pkce", "state"],
  quirks: "Coinbase App OAuth; client_secret_post; the profile is wrapped in `data`.",
  brandColor: { light: "#0052ff", dark: "#0052ff" },
  logo: monogramLogo("C", "#0052ff", "#0052ff"),
});

/** `GET https://api.coinbase.com/v2/user`. */
export interface CoinbaseProfile {
  data: {
    id: string;
    name: string | null;
    username: string | null;
    avatar_url: string | null;
    /** With the `wallet:user:email` scope. */
    email?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** Sign in with Coinbase. */
export default function Coinbase(
  options?: OAuthUserConfig<CoinbaseProfile>,
): OAuthConfig<CoinbaseProfile> {
  return preset<CoinbaseProfile>(
    {
      id: "coinbase",
      name: "Coinbase",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: "https://login.coinbase.com/oauth2/auth",
        params: { scope: catalogue.scopes },
      },
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: data.id,
        name: data.name ?? data.username,
        email: data.email ?? null,
        image: data.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
