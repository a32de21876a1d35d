/**
 * FusionAuth (OpenID Connect). Set `issuer` or `AUTH_FUSIONAUTH_ISSUER`; `tenantId` when the
 * instance has several tenants. Callback URL: `{origin}{base}/callback/fusionauth`.
 *
 * @module providers/fusionauth
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { nameFromClaims } from "./claims.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "fusionauth",
  name: "FusionAuth",
  kind: "oidc",
  importName: "FusionAuth",
  console: "your FusionAuth admin UI (Applications)",
  needsIssuer: true,
  issuerFormat: "https://<your FusionAuth host>",
  scopes: "openid offline_access email profile",
  checks: ["pkce", "state"],
  options: "`tenantId` when the instance has more than one tenant",
  quirks:
    "Set the tenant's issuer to its URL (the default, `acme.com`, is no URL), and sign the application's ID tokens with an RSA or EC key from Key Master (HMAC-signed ID tokens are refused). The token endpoint sends a `WWW-Authenticate` header even on success; the preset drops it there.",
  brandColor: { light: "#f58320", dark: "#f8a25a" },
  logo: monogramLogo("FA", "#f58320", "#f8a25a"),
});

export interface FusionAuthProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  picture?: string;
  [claim: string]: unknown;
}

export interface FusionAuthOptions extends OAuthUserConfig<FusionAuthProfile> {
  /** The tenant to sign in to, sent as `tenantId` on the authorization request. */
  tenantId?: string;
}

/**
 * FusionAuth answers a Basic-authenticated token request with a `WWW-Authenticate` header even
 * when it succeeds (FusionAuth/fusionauth-issues#2645), which a strict client reads as a
 * challenge. Only a 401 keeps it.
 */
async function withoutStrayChallenge(response: Response): Promise<Response | undefined> {
  if (response.status === 401 || !response.headers.has("www-authenticate")) return undefined;
  const headers = new Headers(response.headers);
  headers.delete("www-authenticate");
  return new Response(await response.arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** FusionAuth sign-in; endpoints come from discovery at the tenant's issuer. */
export default function FusionAuth({
  tenantId,
  ...options
}: FusionAuthOptions = {}): OIDCConfig<FusionAuthProfile> {
  return oidcPreset<FusionAuthProfile>(
    {
      id: "fusionauth",
      name: "FusionAuth",
      checks: ["pkce", "state"],
      authorization: { params: { scope: catalogue.scopes, ...(tenantId ? { tenantId } : {}) } },
      token: { conform: withoutStrayChallenge },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? nameFromClaims(profile),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
