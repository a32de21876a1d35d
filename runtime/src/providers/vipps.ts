/**
 * Vipps MobilePay Login (OpenID Connect). Callback URL: `{origin}{base}/callback/vipps`.
 * For the test environment set `issuer` to `https://apitest.vipps.no/access-management-1.0/access/`.
 *
 * @module providers/vipps
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "vipps",
  name: "Vipps",
  kind: "oidc",
  importName: "Vipps",
  console: "https://portal.vippsmobilepay.com",
  options:
    "`issuer` `https://apitest.vipps.no/access-management-1.0/access/` for the test environment; default production",
  scopes: "openid name email",
  checks: ["pkce", "state", "nonce"],
  quirks:
    "The ID token carries only `sub`: the profile comes from the userinfo endpoint (its `sub` must match the verified ID token's). Scopes are Vipps's own (`name`, `email`, `phoneNumber`, `address`, `birthDate`).",
  brandColor: { light: "#ff5b24", dark: "#ff7f50" },
  logo: monogramLogo("V", "#ff5b24", "#ff7f50"),
});

interface VippsAddress {
  address_type: string;
  country: string;
  formatted: string;
  postal_code: string;
  region: string;
  street_address: string;
}

/** The userinfo answer (what the granted scopes allow). */
export interface VippsProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  birthdate?: string;
  address?: VippsAddress;
  other_addresses?: VippsAddress[];
  sid?: string;
  [claim: string]: unknown;
}

/** Vipps sign-in (production unless `issuer` names the test environment). */
export default function Vipps(options?: OAuthUserConfig<VippsProfile>): OIDCConfig<VippsProfile> {
  return oidcPreset<VippsProfile>(
    {
      id: "vipps",
      name: "Vipps",
      issuer: "https://api.vipps.no/access-management-1.0/access/",
      checks: ["pkce", "state", "nonce"],
      idToken: false,
      authorization: { params: { scope: catalogue.scopes } },
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
