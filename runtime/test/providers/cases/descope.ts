import { defineCase } from "../case.js";

// https://docs.descope.com/identity-federation/applications/oidc-apps (issuer, endpoints)
// https://docs.descope.com/api/openapi/oidc (authorize, token, userinfo)
// The client id is the project id: the test's client id makes the issuer below.
const issuer = "https://api.descope.com/client-id-from-the-console";
export default defineCase({
  authorization: {
    url: "https://api.descope.com/oauth2/v1/authorize",
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: "https://api.descope.com/oauth2/v1/authorize",
    token_endpoint: "https://api.descope.com/oauth2/v1/token",
    userinfo_endpoint: "https://api.descope.com/oauth2/v1/userinfo",
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    end_session_endpoint: "https://api.descope.com/oauth2/v1/logout",
    revocation_endpoint: "https://api.descope.com/oauth2/v1/revoke",
    scopes_supported: ["openid", "profile", "email", "phone", "descope.claims"],
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: "https://api.descope.com/oauth2/v1/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOi.example.descope",
      token_type: "Bearer",
      expires_in: 600,
      refresh_token: "eyJhbGciOi.example.refresh",
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  idTokenClaims: {
    sub: "U2aBcDeFgHiJkLmNoPqRsTuVwXyZ",
    amr: ["email"],
    drn: "DS",
    name: "Wile E. Coyote",
    email: "wile@example.test",
    email_verified: true,
    picture: "https://images.example.test/wile.png",
  },
  user: {
    id: "U2aBcDeFgHiJkLmNoPqRsTuVwXyZ",
    name: "Wile E. Coyote",
    email: "wile@example.test",
    image: "https://images.example.test/wile.png",
  },
});
