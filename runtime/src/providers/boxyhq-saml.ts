/**
 * BoxyHQ SAML Jackson, now Ory Polis (OAuth 2 in front of your customers' SAML identity
 * providers), your own service. Set `issuer` (the service's URL) or `AUTH_BOXYHQ_SAML_ISSUER`.
 * Callback URL: `{origin}{base}/callback/boxyhq-saml`.
 *
 * @module providers/boxyhq-saml
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "boxyhq-saml",
  name: "BoxyHQ SAML",
  kind: "oauth",
  importName: "BoxyHQSAML",
  console: "your SAML Jackson (Ory Polis) admin portal: SSO connections",
  needsIssuer: true,
  issuerFormat: "https://<your SAML Jackson service>",
  scopes: "email profile",
  checks: ["pkce", "state"],
  options:
    "pick the connection per sign-in with `authorization.params` `tenant` and `product` (the client id is then `dummy`)",
  quirks:
    "The issuer is the service's base URL (endpoints are built from it); it refuses a request without `state`; the scope is only recorded (`openid` would add an ID token, which needs signing keys on the service); the profile has `firstName` and `lastName`; client_secret_post.",
  brandColor: { light: "#1c7c67", dark: "#25c2a0" },
  logo: monogramLogo("S", "#1c7c67", "#25c2a0"),
});

/** The profile of `GET /api/oauth/userinfo`: the SAML assertion's attributes, mapped. */
export interface BoxyHQSAMLProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  groups?: string[];
  requested?: Record<string, unknown>;
  raw?: Record<string, unknown>;
  [field: string]: unknown;
}

/** SAML single sign-on through SAML Jackson; `issuer` is its URL. */
export default function SAMLJackson({
  issuer,
  ...options
}: OAuthUserConfig<BoxyHQSAMLProfile> = {}): OAuthConfig<BoxyHQSAMLProfile> {
  const base = (issuer ?? "").replace(/\/+$/, "");
  return preset<BoxyHQSAMLProfile>(
    {
      id: "boxyhq-saml",
      name: "BoxyHQ SAML",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: `${base}/api/oauth/authorize`,
        params: { scope: catalogue.scopes },
      },
      token: `${base}/api/oauth/token`,
      userinfo: `${base}/api/oauth/userinfo`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
