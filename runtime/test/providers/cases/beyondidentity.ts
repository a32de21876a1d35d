import { defineCase } from "../case.js";

// https://developer.beyondidentity.com/docs/v1/platform-overview/authentication-flows (endpoints)
// https://developer.beyondidentity.com/api/v1#tag/Authorize (authorize, token, userinfo)
const issuer =
  "https://auth-us.beyondidentity.com/v1/tenants/00012a3b4c5d6e7f/realms/8a9b0c1d2e3f4a5b/applications/6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f";
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
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    scopes_supported: ["openid"],
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "client_credentials", "refresh_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOi.example.byndid",
      token_type: "Bearer",
      expires_in: 86400,
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "authorization code is invalid" },
    },
  },
  idTokenClaims: {
    sub: "3f2e1d0c-9b8a-4776-8554-433221100fed",
    name: "Road Runner",
    preferred_username: "road",
    email: "road@example.test",
  },
  user: {
    id: "3f2e1d0c-9b8a-4776-8554-433221100fed",
    name: "Road Runner",
    email: "road@example.test",
    image: null,
  },
});
