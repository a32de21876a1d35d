/**
 * Azure Active Directory: Auth.js's former name of Microsoft Entra ID, kept so its imports and
 * variables (`AUTH_AZURE_AD_*`) keep working. The same preset as `microsoft-entra-id` under the id
 * `azure-ad`. Callback URL: `{origin}{base}/callback/azure-ad`.
 *
 * @deprecated use `@create-auth/runtime/providers/microsoft-entra-id` in new code.
 * @module providers/azure-ad
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import MicrosoftEntraID, { type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "azure-ad",
  name: "Azure Active Directory",
  kind: "oidc",
  importName: "AzureAD",
  console: "https://entra.microsoft.com",
  needsIssuer: true,
  issuerFormat: "https://login.microsoftonline.com/<tenant id>/v2.0",
  options: "`tenantId` (the older option) instead of `issuer`",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "Deprecated name of `microsoft-entra-id`, with the same checks: one tenant per issuer, the multi-tenant `common`, `organizations` and `consumers` tenants are refused.",
  brandColor: { light: "#0072c6", dark: "#4ea1e6" },
  logo: monogramLogo("AD", "#0072c6", "#4ea1e6"),
});

export type AzureADProfile = MicrosoftEntraIDProfile;

/** What `AzureAD` takes: Entra ID's options, or the older `tenantId` instead of `issuer`. */
export interface AzureADOptions extends OAuthUserConfig<AzureADProfile> {
  /** The directory (tenant) id: the issuer becomes `https://login.microsoftonline.com/<tenantId>/v2.0`. */
  tenantId?: string;
}

/** The tenants that stand for many directories, whose ID tokens each carry another issuer. */
const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

/**
 * Entra ID sign-in for one tenant under its old name. `tenantId` builds the issuer; a
 * multi-tenant one is refused here, with the reason, rather than failing at the first sign-in.
 *
 * @deprecated use `MicrosoftEntraID` from `@create-auth/runtime/providers/microsoft-entra-id`.
 */
export default function AzureAD(options: AzureADOptions = {}): OIDCConfig<AzureADProfile> {
  const { tenantId, ...rest } = options;
  if (tenantId !== undefined) {
    if (typeof tenantId !== "string" || !/^[\w.-]+$/.test(tenantId))
      throw new TypeError(
        `AzureAD: tenantId must be a directory id or domain, got ${JSON.stringify(tenantId)}`,
      );
    if (MULTI_TENANT.has(tenantId.toLowerCase()))
      throw new TypeError(
        `AzureAD: tenantId "${tenantId}" is multi-tenant, which is not supported: its ID tokens carry each tenant's own issuer, which no single issuer check can accept safely. Set your directory (tenant) id.`,
      );
    if (rest.issuer === undefined)
      rest.issuer = `https://login.microsoftonline.com/${tenantId}/v2.0`;
  }
  return {
    ...MicrosoftEntraID(rest),
    id: "azure-ad",
    name: "Azure Active Directory",
    style: catalogueStyle(catalogue),
  };
}
