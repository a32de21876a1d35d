/**
 * Microsoft Entra ID (OpenID Connect). Callback URL: `{origin}{base}/callback/microsoft-entra-id`.
 *
 * @module providers/microsoft-entra-id
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "microsoft-entra-id",
  name: "Microsoft Entra ID",
  kind: "oidc",
  importName: "MicrosoftEntraID",
  console: "https://entra.microsoft.com",
  needsIssuer: true,
  issuerFormat: "https://login.microsoftonline.com/<tenant id>/v2.0",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "One tenant per issuer: the multi-tenant `common` issuer is refused (its ID tokens carry each tenant's own issuer). Only the `email` claim becomes the user's email, never `preferred_username`.",
  brandColor: { light: "#0072c6", dark: "#4ea1e6" },
  logo: monogramLogo("M", "#0072c6", "#4ea1e6"),
  order: 5,
});

export interface MicrosoftEntraIDProfile {
  sub: string;
  oid: string;
  tid: string;
  name: string;
  email?: string;
  preferred_username?: string;
  [claim: string]: unknown;
}

/**
 * Entra ID sign-in for one tenant: set `issuer` (or `AUTH_MICROSOFT_ENTRA_ID_ISSUER`) to
 * `https://login.microsoftonline.com/<tenant id>/v2.0`. The multi-tenant `common` issuer is not
 * supported: its ID tokens carry each tenant's own issuer, which an exact issuer check (OIDC
 * Core §3.1.3.7) must refuse.
 */
export default function MicrosoftEntraID(
  options?: OAuthUserConfig<MicrosoftEntraIDProfile>,
): OIDCConfig<MicrosoftEntraIDProfile> {
  return oidcPreset<MicrosoftEntraIDProfile>(
    {
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      authorization: { params: { scope: "openid profile email" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name,
        // Only `email` (as Auth.js): `preferred_username` is the sign-in name (often the UPN),
        // which looks like an address but is neither verified nor necessarily a mailbox.
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
