import { defineCase } from "../case.js";

// https://www.ory.sh/docs/hydra/reference/api (public endpoints: /oauth2/auth, /oauth2/token,
//   /userinfo, /.well-known/jwks.json, /.well-known/openid-configuration)
// https://www.ory.sh/docs/oauth2-oidc/authorization-code-flow
// https://www.ory.sh/docs/hydra/guides/oauth2-clients (token_endpoint_auth_method defaults to
//   client_secret_basic)
// The error body follows RFC 6749 §5.2 as Hydra answers it (`error`, `error_description`).
// Profile claims in the ID token are set by the app's consent step (`session.id_token`), so the
// `name`/`email` here stand for what a typical consent app grants.
const issuer = "https://eager-wozniak-1a2b3c.projects.oryapis.com";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/oauth2/auth`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/auth`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    end_session_endpoint: `${issuer}/oauth2/sessions/logout`,
    subject_types_supported: ["public"],
    response_types_supported: ["code", "code id_token", "id_token", "token id_token", "token"],
    claims_supported: ["sub"],
    grant_types_supported: [
      "authorization_code",
      "implicit",
      "client_credentials",
      "refresh_token",
    ],
    response_modes_supported: ["query", "fragment", "form_post"],
    scopes_supported: ["offline_access", "offline", "openid"],
    token_endpoint_auth_methods_supported: [
      "client_secret_post",
      "client_secret_basic",
      "private_key_jwt",
      "none",
    ],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["plain", "S256"],
    request_parameter_supported: true,
  },
  token: {
    url: `${issuer}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "ory_at_mKb1VnUp2example",
      expires_in: 3599,
      scope: "openid profile email",
      token_type: "bearer",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    },
  },
  idTokenClaims: {
    sub: "0b7a5e4c-3f3e-4a61-9d0e-2f4b8b1c9a77",
    amr: ["pwd"],
    at_hash: "tS1fXo1iVn9h8S5x6Z8kyQ",
    auth_time: 1735689600,
    jti: "5d3b7c7e-1c4b-4d0a-8f2e-6a1e9c2b4f10",
    rat: 1735689590,
    sid: "8a0e4bd6-8a3b-4c8b-9f43-1f5c1b2e6d33",
    name: "Grace Hopper",
    email: "grace@example.test",
  },
  user: {
    id: "0b7a5e4c-3f3e-4a61-9d0e-2f4b8b1c9a77",
    name: "Grace Hopper",
    email: "grace@example.test",
  },
});
