/**
 * BankID Norge (OpenID Connect). Callback URL: `{origin}{base}/callback/bankid-no`.
 * For BankID's test environment set `issuer` to `https://auth.current.bankid.no/auth/realms/current`.
 *
 * @module providers/bankid-no
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "bankid-no",
  name: "BankID Norge",
  kind: "oidc",
  importName: "BankIDNorway",
  console: "your BankID OIDC merchant agreement (client registered by BankID Norge or a reseller)",
  options:
    "`issuer` `https://auth.current.bankid.no/auth/realms/current` for the test environment; default production",
  scopes: "openid profile email",
  checks: ["pkce", "state", "nonce"],
  quirks:
    "Asks for the BankID app (`login_hint=BIS`) in Norwegian (`ui_locales=no`); client_secret_post; the profile comes from userinfo, a signed JWT (RS256) whose `sub` must match the verified ID token's.",
  brandColor: { light: "#39134c", dark: "#a77bc4" },
  logo: monogramLogo("iD", "#39134c", "#a77bc4"),
});

/** The userinfo claims BankID documents (besides the ID token's). */
export interface BankIDNorwayProfile {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  birthdate: string;
  email?: string;
  phone_number?: string;
  /** Name of the IDP option used (`BID`, `BIM`, `BIS`). */
  amr?: string;
  /** The IDP option and level of assurance, e.g. `urn:bankid:bid;LOA=4`. */
  acr?: string;
  [claim: string]: unknown;
}

/** BankID Norge sign-in. */
export default function BankIDNorway(
  options?: OAuthUserConfig<BankIDNorwayProfile>,
): OIDCConfig<BankIDNorwayProfile> {
  return oidcPreset<BankIDNorwayProfile>(
    {
      id: "bankid-no",
      name: "BankID Norge",
      issuer: "https://auth.bankid.no/auth/realms/prod",
      checks: ["pkce", "state", "nonce"],
      // BankID's userinfo answers a signed JWT (as Auth.js's preset expects): asked for as
      // `application/jwt`, and its `aud` and `sub` checked.
      client: {
        token_endpoint_auth_method: "client_secret_post",
        userinfo_signed_response_alg: "RS256",
      },
      idToken: false,
      authorization: { params: { scope: catalogue.scopes, ui_locales: "no", login_hint: "BIS" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
