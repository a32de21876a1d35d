import { defineCase } from "../case.js";

// https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow-with-pkce
// https://auth0.com/docs/secure/tokens/id-tokens/id-token-structure
// https://{tenant}.auth0.com/.well-known/openid-configuration
const issuer = "https://dev-example.eu.auth0.com/";
export default defineCase({
  options: { issuer },
  authorization: {
    url: "https://dev-example.eu.auth0.com/authorize",
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}authorize`,
    token_endpoint: `${issuer}oauth/token`,
    device_authorization_endpoint: `${issuer}oauth/device/code`,
    userinfo_endpoint: `${issuer}userinfo`,
    mfa_challenge_endpoint: `${issuer}mfa/challenge`,
    jwks_uri: `${issuer}.well-known/jwks.json`,
    registration_endpoint: `${issuer}oidc/register`,
    revocation_endpoint: `${issuer}oauth/revoke`,
    scopes_supported: ["openid", "profile", "offline_access", "name", "email", "picture"],
    response_types_supported: ["code", "token", "id_token", "code token", "code id_token"],
    code_challenge_methods_supported: ["S256", "plain"],
    response_modes_supported: ["query", "fragment", "form_post"],
    subject_types_supported: ["public"],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "private_key_jwt",
    ],
    id_token_signing_alg_values_supported: ["HS256", "RS256", "PS256"],
  },
  token: {
    url: `${issuer}oauth/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJz93a.example.access",
      scope: "openid profile email",
      expires_in: 86400,
      token_type: "Bearer",
    },
    error: {
      status: 403,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  idTokenClaims: {
    nickname: "jdoe",
    name: "Jane Doe",
    picture: "https://s.gravatar.com/avatar/5d4e3f.png",
    updated_at: "2024-05-01T10:00:00.000Z",
    email: "jdoe@example.test",
    email_verified: true,
    sub: "auth0|64f1c2d8e4b0a1b2c3d4e5f6",
    sid: "Zk3qLr9",
  },
  user: {
    id: "auth0|64f1c2d8e4b0a1b2c3d4e5f6",
    name: "Jane Doe",
    email: "jdoe@example.test",
    image: "https://s.gravatar.com/avatar/5d4e3f.png",
  },
});
