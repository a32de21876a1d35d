import { defineCase } from "../case.js";

// https://apidocs.pingidentity.com/pingone/auth/v1/api/#openid-connectoauth-2 (endpoints)
// https://apidocs.pingidentity.com/pingone/auth/v1/api/#get-discovery-openid-configuration
// https://docs.pingidentity.com/pingone/applications/p1_oidc_scopes.html (ID token claims)
// https://developer.pingidentity.com/pingone-api/foundations/pingone-roles-scopes-and-permissions/access-services-through-scopes-and-roles/openid-connect-oidc-scopes.html
//   (the `profile` scope's claims: name, family_name, given_name, middle_name,
//   preferred_username, nickname, picture, …)
const issuer = "https://auth.pingone.com/5b0d2f6a-3c1e-4b7a-9d8f-1e2c3b4a5d6e/as";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    pushed_authorization_request_endpoint: `${issuer}/par`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${issuer}/signoff`,
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: `${issuer}/revoke`,
    claims_parameter_supported: false,
    request_parameter_supported: true,
    scopes_supported: ["openid", "profile", "email", "address", "phone", "offline_access"],
    response_types_supported: ["code", "id_token", "token id_token", "code id_token"],
    response_modes_supported: ["pi.flow", "query", "fragment", "form_post"],
    grant_types_supported: [
      "authorization_code",
      "implicit",
      "client_credentials",
      "refresh_token",
    ],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "client_secret_jwt",
      "private_key_jwt",
    ],
    code_challenge_methods_supported: ["plain", "S256"],
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJraWQiOi.example.pingone",
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "Authorization code is invalid or expired.",
      },
    },
  },
  idTokenClaims: {
    sub: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
    acr: "Single_Factor",
    amr: ["pwd"],
    auth_time: 1_700_000_000,
    at_hash: "Jq1oW8",
    sid: "f9e8d7c6-b5a4-4392-8170-6f5e4d3c2b1a",
    name: "Wile Coyote",
    preferred_username: "wile",
    given_name: "Wile",
    family_name: "Coyote",
    updated_at: 1_699_000_000,
    email: "wile@example.test",
    env: "5b0d2f6a-3c1e-4b7a-9d8f-1e2c3b4a5d6e",
    org: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
    "p1.region": "NA",
  },
  user: {
    id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
    name: "Wile Coyote",
    email: "wile@example.test",
    image: null,
  },
});
