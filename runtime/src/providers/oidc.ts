/**
 * Any OpenID Connect provider, from its issuer alone. Callback URL:
 * `{origin}{base}/callback/<id>` (id `oidc` unless you set one).
 *
 * @module providers/oidc
 */

import type { Profile } from "../types.js";
import { defineCatalogue } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "oidc",
  name: "OpenID Connect (any provider)",
  kind: "oidc",
  importName: "OIDC",
  console: "your provider's console",
  needsIssuer: true,
  issuerFormat: "your provider's issuer URL",
  scopes: "openid profile email",
  checks: ["pkce"],
  options: "`id` and `name` (the id names the env variables and the callback)",
  quirks: "Endpoints come from `{issuer}/.well-known/openid-configuration`.",
  order: 17,
});

/**
 * A generic OIDC provider: `issuer` (or `AUTH_<ID>_ISSUER`), `clientId`, `clientSecret`;
 * endpoints come from `{issuer}/.well-known/openid-configuration`.
 *
 * @example
 * ```ts
 * OIDC({ id: "corp", name: "Corp SSO", issuer: "https://sso.corp.example" })
 * ```
 */
export default function OIDC(options: OAuthUserConfig<Profile> = {}): OIDCConfig<Profile> {
  return oidcPreset<Profile>(
    { id: options.id ?? "oidc", name: options.name ?? "OpenID Connect" },
    options,
  );
}
