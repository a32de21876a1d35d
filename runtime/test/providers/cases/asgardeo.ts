import { defineCase } from "../case.js";

// https://wso2.com/asgardeo/docs/references/app-settings/oidc-settings-for-app/ (endpoints)
// https://wso2.com/asgardeo/docs/guides/authentication/oidc/implement-auth-code-with-pkce/
// https://wso2.com/asgardeo/docs/guides/users/attributes/manage-scopes/ (profile, email claims)
const org = "https://api.asgardeo.io/t/roadrunnerco";
const issuer = `${org}/oauth2/token`;
export default defineCase({
  // The organization URL, without `/oauth2/token` (the issuer the discovery page documents and
  // the Console shows): the preset appends it, where Auth.js's preset discovers at it as given.
  options: { issuer: org },
  authorization: {
    url: `${org}/oauth2/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${org}/oauth2/authorize`,
    token_endpoint: `${org}/oauth2/token`,
    userinfo_endpoint: `${org}/oauth2/userinfo`,
    jwks_uri: `${org}/oauth2/jwks`,
    end_session_endpoint: `${org}/oidc/logout`,
    introspection_endpoint: `${org}/oauth2/introspect`,
    revocation_endpoint: `${org}/oauth2/revoke`,
    scopes_supported: ["openid", "profile", "email", "address", "phone"],
    response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    subject_types_supported: ["public", "pairwise"],
    id_token_signing_alg_values_supported: ["RS256", "PS256"],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "private_key_jwt",
    ],
    code_challenge_methods_supported: ["S256", "plain"],
  },
  token: {
    url: `${org}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "4b1e3a2c-5d6f-3e8a-9b0c-1d2e3f4a5b6c",
      refresh_token: "9f8e7d6c-5b4a-3c2d-1e0f-a1b2c3d4e5f6",
      scope: "openid profile email",
      token_type: "Bearer",
      expires_in: 3600,
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code received" },
    },
  },
  idTokenClaims: {
    sub: "8f3b2c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    isk: "f1e2d3c4b5a6",
    at_hash: "Zk2c1bQx",
    amr: ["BasicAuthenticator"],
    azp: "client-id-from-the-console",
    auth_time: 1_700_000_000,
    given_name: "Road",
    family_name: "Runner",
    email: "road@example.test",
    picture: "https://images.example.test/road.png",
  },
  user: {
    id: "8f3b2c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    name: "Road Runner",
    email: "road@example.test",
    image: "https://images.example.test/road.png",
  },
});
