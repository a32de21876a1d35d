/**
 * Osso (OAuth 2 in front of SAML identity providers; self-hosted). Set `issuer` to your Osso
 * instance (or pass `Osso` uncalled, and `AUTH_OSSO_ISSUER` fills it).
 * Callback URL: `{origin}{base}/callback/osso`.
 *
 * @module providers/osso
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "osso",
  name: "Osso",
  kind: "oauth",
  importName: "Osso",
  console: "your Osso instance's admin UI (OAuth clients)",
  needsIssuer: true,
  issuerFormat: "https://<your osso instance>/",
  options:
    "`issuer` is the instance, e.g. `https://demo.ossoapp.com/` (the endpoints are built from it)",
  checks: ["state"],
  quirks:
    "Signs users in with their company's SAML identity provider; no scope, no PKCE; the profile (`/oauth/me`) has an email but no name. A self-hosted open-source project: check your instance is maintained.",
  brandColor: { light: "#5b5cf6", dark: "#8f90ff" },
  logo: monogramLogo("O", "#5b5cf6", "#8f90ff"),
});

/** `GET /oauth/me`: the user as the SAML identity provider described them. */
export interface OssoProfile {
  id: string;
  email: string;
  /** The identity provider's name (`Okta`, `Azure`, …). */
  idp: string;
  /** What the authorization request named: `email` or `domain`. */
  requested: { email: string | null; domain: string | null };
  [field: string]: unknown;
}

/** Sign in through an Osso instance. */
export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuthConfig<OssoProfile> {
  // Auth.js appends the paths to the issuer as given (it must end in `/`); either form works here.
  const instance = (options.issuer ?? "").replace(/\/+$/, "");
  return preset<OssoProfile>(
    {
      id: "osso",
      name: "Osso",
      type: "oauth",
      checks: ["state"],
      authorization: `${instance}/oauth/authorize`,
      token: `${instance}/oauth/token`,
      userinfo: `${instance}/oauth/me`,
      profile: (profile) => ({ id: profile.id, email: profile.email, name: null, image: null }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
