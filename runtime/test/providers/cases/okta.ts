import { defineCase } from "../case.js";

// https://developer.okta.com/docs/reference/api/oidc/ (org authorization server, /oauth2/v1/*)
// https://developer.okta.com/docs/guides/validate-id-tokens/main/
const issuer = "https://example.okta.com";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/oauth2/v1/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/v1/authorize`,
    token_endpoint: `${issuer}/oauth2/v1/token`,
    userinfo_endpoint: `${issuer}/oauth2/v1/userinfo`,
    registration_endpoint: `${issuer}/oauth2/v1/clients`,
    jwks_uri: `${issuer}/oauth2/v1/keys`,
    response_types_supported: [
      "code",
      "id_token",
      "code id_token",
      "code token",
      "id_token token",
      "code id_token token",
    ],
    response_modes_supported: ["query", "fragment", "form_post", "okta_post_message"],
    grant_types_supported: ["authorization_code", "implicit", "refresh_token", "password"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: [
      "openid",
      "email",
      "profile",
      "address",
      "phone",
      "offline_access",
      "groups",
    ],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "client_secret_jwt",
      "private_key_jwt",
      "none",
    ],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: `${issuer}/oauth2/v1/token`,
    authMethod: "client_secret_basic",
    response: {
      token_type: "Bearer",
      expires_in: 3600,
      access_token: "eyJraWQiOiJ.example.access",
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "The authorization code is invalid or has expired.",
      },
    },
  },
  idTokenClaims: {
    sub: "00uid4BxXw6I6TV4m0g3",
    name: "John Doe",
    email: "john.doe@example.test",
    ver: 1,
    jti: "ID.4eAWJOCMB3SX8XewDfVR",
    amr: ["pwd"],
    idp: "00ok1u7AsAkrwdZL3z0g3",
    preferred_username: "john.doe@example.test",
    auth_time: 1_700_000_000,
    at_hash: "preview_at_hash",
  },
  user: {
    id: "00uid4BxXw6I6TV4m0g3",
    name: "John Doe",
    email: "john.doe@example.test",
  },
});
