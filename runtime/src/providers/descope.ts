/**
 * Descope (OpenID Connect). The issuer defaults to your project's, from the client id (the
 * project id). Callback URL: `{origin}{base}/callback/descope`.
 *
 * @module providers/descope
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "descope",
  name: "Descope",
  kind: "oidc",
  importName: "Descope",
  console: "https://app.descope.com/settings/project",
  issuerFormat: "https://api.descope.com/<project id>",
  scopes: "openid profile email",
  checks: ["pkce", "state"],
  options: "`issuer` only for a custom domain; by default the project's, from the client id",
  quirks: "The client id is the project id, and the issuer is derived from it.",
  brandColor: { light: "#1c1c23", dark: "#e6e6ea" },
  logo: monogramLogo("D", "#1c1c23", "#e6e6ea"),
});

export interface DescopeProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/** Descope sign-in; endpoints come from discovery at the project's issuer. */
export default function Descope(
  options: OAuthUserConfig<DescopeProfile> = {},
): OIDCConfig<DescopeProfile> {
  return oidcPreset<DescopeProfile>(
    {
      id: "descope",
      name: "Descope",
      issuer: options.clientId ? `https://api.descope.com/${options.clientId}` : undefined,
      checks: ["pkce", "state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
