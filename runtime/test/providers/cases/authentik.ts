import { defineCase } from "../case.js";

// https://docs.goauthentik.io/add-secure-apps/providers/oauth2/ (endpoints and claims)
// https://{host}/application/o/{slug}/.well-known/openid-configuration
const issuer = "https://auth.example.test/application/o/my-app/";
const base = "https://auth.example.test/application/o";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${base}/authorize/`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${base}/authorize/`,
    token_endpoint: `${base}/token/`,
    userinfo_endpoint: `${base}/userinfo/`,
    end_session_endpoint: `${base}/my-app/end-session/`,
    introspection_endpoint: `${base}/introspect/`,
    revocation_endpoint: `${base}/revoke/`,
    device_authorization_endpoint: `${base}/device/`,
    response_types_supported: [
      "code",
      "id_token",
      "id_token token",
      "code token",
      "code id_token",
      "code id_token token",
    ],
    response_modes_supported: ["query", "fragment", "form_post"],
    jwks_uri: `${base}/my-app/jwks/`,
    grant_types_supported: [
      "authorization_code",
      "refresh_token",
      "implicit",
      "client_credentials",
      "password",
    ],
    id_token_signing_alg_values_supported: ["RS256"],
    subject_types_supported: ["public"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    scopes_supported: ["openid", "email", "profile"],
    code_challenge_methods_supported: ["plain", "S256"],
  },
  token: {
    url: `${base}/token/`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOi.example.access",
      token_type: "Bearer",
      scope: "openid profile email",
      expires_in: 300,
      refresh_token: "Z9xexample",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client",
      },
    },
  },
  idTokenClaims: {
    sub: "5b2b6b1f0c4f5e3a8d7c9e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b",
    auth_time: 1_700_000_000,
    acr: "goauthentik.io/providers/oauth2/default",
    amr: ["pwd"],
    email: "akadmin@example.test",
    email_verified: true,
    name: "authentik Default Admin",
    given_name: "authentik Default Admin",
    preferred_username: "akadmin",
    nickname: "akadmin",
    groups: ["authentik Admins"],
  },
  user: {
    id: "5b2b6b1f0c4f5e3a8d7c9e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b",
    name: "authentik Default Admin",
    email: "akadmin@example.test",
  },
});
