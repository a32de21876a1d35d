import { defineCase } from "../case.js";

// https://www.keycloak.org/securing-apps/oidc-layers (endpoints under /realms/{realm}/protocol/openid-connect)
// https://{host}/realms/{realm}/.well-known/openid-configuration
const issuer = "https://sso.example.test/realms/demo";
const oidc = `${issuer}/protocol/openid-connect`;
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${oidc}/auth`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${oidc}/auth`,
    token_endpoint: `${oidc}/token`,
    introspection_endpoint: `${oidc}/token/introspect`,
    userinfo_endpoint: `${oidc}/userinfo`,
    end_session_endpoint: `${oidc}/logout`,
    jwks_uri: `${oidc}/certs`,
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    response_types_supported: [
      "code",
      "none",
      "id_token",
      "token",
      "id_token token",
      "code id_token",
    ],
    subject_types_supported: ["public", "pairwise"],
    id_token_signing_alg_values_supported: ["PS384", "RS384", "RS256", "ES256", "PS256", "RS512"],
    response_modes_supported: ["query", "fragment", "form_post", "query.jwt"],
    token_endpoint_auth_methods_supported: [
      "private_key_jwt",
      "client_secret_basic",
      "client_secret_post",
      "tls_client_auth",
      "client_secret_jwt",
    ],
    code_challenge_methods_supported: ["plain", "S256"],
    authorization_response_iss_parameter_supported: true,
  },
  token: {
    url: `${oidc}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiJ9.example.access",
      expires_in: 300,
      refresh_expires_in: 1800,
      refresh_token: "eyJhbGciOiJIUzI1NiJ9.example.refresh",
      token_type: "Bearer",
      "not-before-policy": 0,
      session_state: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
      scope: "openid profile email",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "Code not valid" } },
  },
  idTokenClaims: {
    sub: "f7c1b6a2-3e4d-4f5a-9b8c-7d6e5f4a3b2c",
    typ: "ID",
    azp: "client-id-from-the-console",
    session_state: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
    at_hash: "bC3e7Qx1",
    sid: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
    email_verified: true,
    name: "Kim Keycloak",
    preferred_username: "kim",
    given_name: "Kim",
    family_name: "Keycloak",
    email: "kim@example.test",
  },
  user: {
    id: "f7c1b6a2-3e4d-4f5a-9b8c-7d6e5f4a3b2c",
    name: "Kim Keycloak",
    email: "kim@example.test",
  },
});
