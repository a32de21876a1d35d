/**
 * Ory Hydra and Ory Network OAuth2 (OpenID Connect). The module is `ory-hydra`, as in Auth.js,
 * but the provider id is `hydra`: callback URL `{origin}{base}/callback/hydra`, variables
 * `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`, `AUTH_HYDRA_ISSUER`.
 *
 * @module providers/ory-hydra
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "hydra",
  module: "ory-hydra",
  name: "Hydra",
  kind: "oidc",
  importName: "OryHydra",
  console: "the Ory Console (Ory Network) or `hydra create oauth2-client` (self-hosted)",
  needsIssuer: true,
  issuerFormat: "https://<project>.projects.oryapis.com or your Hydra public URL",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "Imported from `providers/ory-hydra` but its id is `hydra` (callback `/callback/hydra`, `AUTH_HYDRA_*`), as in Auth.js. The claims come from your login and consent app; endpoints from discovery.",
  brandColor: { light: "#0f172a", dark: "#e2e8f0" },
  logo: monogramLogo("Hy", "#0f172a", "#e2e8f0"),
});

/** The ID token's claims (the profile ones are whatever the consent app grants). */
export interface OryHydraProfile {
  iss: string;
  sub: string;
  aud: string | string[];
  email?: string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

/** Ory Hydra sign-in; endpoints come from discovery at your issuer. */
export default function OryHydra(
  options?: OAuthUserConfig<OryHydraProfile>,
): OIDCConfig<OryHydraProfile> {
  return oidcPreset<OryHydraProfile>(
    {
      id: "hydra",
      name: "Hydra",
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
