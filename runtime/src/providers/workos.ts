/** WorkOS SSO (OAuth 2). Callback URL: `{origin}{base}/callback/workos`. @module providers/workos */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "workos",
  name: "WorkOS",
  kind: "oauth",
  importName: "WorkOS",
  console: "https://dashboard.workos.com",
  checks: ["pkce", "state"],
  options:
    "`connection` (or `authorization.params.organization` / `provider`) picks the SSO connection; `issuer` for another API host",
  quirks:
    "No scope; client_secret_post; the token response carries the profile too (one without `token_type`, as older ones were, is conformed to `Bearer`); the profile comes from `/sso/profile`.",
  brandColor: { light: "#6363f1", dark: "#8b8bf5" },
  logo: monogramLogo("W", "#6363f1", "#8b8bf5"),
});

/** `GET {issuer}sso/profile`. */
export interface WorkOSProfile {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  connection_id: string;
  connection_type: string;
  organization_id: string | null;
  idp_id: string;
  raw_attributes?: { picture?: string; [attribute: string]: unknown };
  [claim: string]: unknown;
}

export interface WorkOSOptions extends OAuthUserConfig<WorkOSProfile> {
  /** The SSO connection to sign in with (`conn_…`). */
  connection?: string;
}

/**
 * WorkOS's token responses used to lack `token_type` (RFC 6749 §5.1 requires it; today's
 * documented answer says `Bearer`): one without it is a bearer token all the same.
 */
const conform = conformJson((body, response) =>
  response.ok && typeof body.access_token === "string" && body.token_type === undefined
    ? { body: { ...body, token_type: "Bearer" } }
    : undefined,
);

/** WorkOS SSO (SAML and OIDC connections behind one OAuth client). */
export default function WorkOS({
  connection,
  ...options
}: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const issuer = (options.issuer ?? "https://api.workos.com/").replace(/\/*$/, "/");
  return preset<WorkOSProfile>(
    {
      id: "workos",
      name: "WorkOS",
      type: "oauth",
      checks: ["pkce", "state"],
      authorization: {
        url: `${issuer}sso/authorize`,
        params: connection ? { connection } : {},
      },
      token: { url: `${issuer}sso/token`, conform },
      userinfo: `${issuer}sso/profile`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email,
        image: profile.raw_attributes?.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
