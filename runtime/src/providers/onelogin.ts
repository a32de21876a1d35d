/**
 * OneLogin (OpenID Connect). Set `issuer` or `AUTH_ONELOGIN_ISSUER`.
 * Callback URL: `{origin}{base}/callback/onelogin`.
 *
 * @module providers/onelogin
 */
import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "onelogin",
  name: "OneLogin",
  kind: "oidc",
  importName: "OneLogin",
  console: "your OneLogin admin portal (Applications, OpenId Connect)",
  needsIssuer: true,
  issuerFormat: "https://<subdomain>.onelogin.com/oidc/2",
  scopes: "openid profile email",
  checks: ["pkce"],
  quirks:
    "The issuer ends in `/oidc/2`; the subdomain URL alone (next-auth 4's form) gets it appended. Set the app's token endpoint authentication to Basic.",
  brandColor: { light: "#1c1f2a", dark: "#e8eaf0" },
  logo: monogramLogo("1L", "#1c1f2a", "#e8eaf0"),
});

/** OneLogin's OIDC issuer for a subdomain URL: its `/oidc/2` path. */
function oneLoginIssuer(issuer: string | undefined): string | undefined {
  if (!issuer) return undefined;
  const trimmed = issuer.replace(/\/+$/, "");
  return trimmed.endsWith("/oidc/2") ? trimmed : `${trimmed}/oidc/2`;
}

/** OneLogin sign-in; endpoints come from discovery at your subdomain's issuer. */
export default function OneLogin({
  issuer,
  ...options
}: OAuthUserConfig<Profile> = {}): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    {
      id: "onelogin",
      name: "OneLogin",
      issuer: oneLoginIssuer(issuer),
      checks: ["pkce"],
      authorization: { params: { scope: catalogue.scopes } },
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
