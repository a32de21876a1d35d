/**
 * Frontegg (OpenID Connect). Set `issuer` (your Frontegg domain) or `AUTH_FRONTEGG_ISSUER`.
 * Callback URL: `{origin}{base}/callback/frontegg`.
 *
 * @module providers/frontegg
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "frontegg",
  name: "Frontegg",
  kind: "oidc",
  importName: "Frontegg",
  console: "https://portal.frontegg.com",
  needsIssuer: true,
  issuerFormat: "https://<subdomain>.frontegg.com",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "Endpoints are built from the issuer (its discovery document is not at the standard path); the picture is `profilePictureUrl`.",
  brandColor: { light: "#4461f2", dark: "#8b9cf7" },
  logo: monogramLogo("F", "#4461f2", "#8b9cf7"),
});

export interface FronteggProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  profilePictureUrl?: string | null;
  roles?: string[];
  tenantId?: string;
  [claim: string]: unknown;
}

/** Frontegg sign-in; `issuer` is your Frontegg domain (or custom login domain). */
export default function Frontegg(
  options: OAuthUserConfig<FronteggProfile> = {},
): OIDCConfig<FronteggProfile> {
  const base = (options.issuer ?? "").replace(/\/+$/, "");
  return oidcPreset<FronteggProfile>(
    {
      id: "frontegg",
      name: "Frontegg",
      checks: ["pkce"],
      authorization: { url: `${base}/oauth/authorize`, params: { scope: catalogue.scopes } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/identity/resources/users/v2/me`,
      jwks_endpoint: `${base}/.well-known/jwks.json`,
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.profilePictureUrl ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
