/**
 * SimpleLogin (Sign in with SimpleLogin, OpenID Connect). Callback URL:
 * `{origin}{base}/callback/simplelogin`.
 *
 * @module providers/simplelogin
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "simplelogin",
  name: "SimpleLogin",
  kind: "oidc",
  importName: "SimpleLogin",
  console: "https://app.simplelogin.io/developer",
  scopes: "openid profile email",
  checks: ["state"],
  quirks:
    "The email may be one of the user's aliases (a new one per app, if the user chooses), not their mailbox; redirect URIs must be HTTPS except on localhost.",
  brandColor: { light: "#e3156a", dark: "#f2569b" },
  logo: monogramLogo("SL", "#e3156a", "#f2569b"),
});

/** The ID token's claims. */
export interface SimpleLoginProfile {
  sub: string;
  id?: number;
  email: string;
  email_verified?: boolean;
  name?: string;
  avatar_url?: string | null;
  client?: string;
  [claim: string]: unknown;
}

/** Sign in with SimpleLogin. */
export default function SimpleLogin(
  options?: OAuthUserConfig<SimpleLoginProfile>,
): OIDCConfig<SimpleLoginProfile> {
  return oidcPreset<SimpleLoginProfile>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      issuer: "https://app.simplelogin.io",
      checks: ["state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email,
        image: profile.avatar_url ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
