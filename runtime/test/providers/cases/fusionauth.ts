import { defineCase } from "../case.js";

// https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/endpoints (authorize, token, errors)
// https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens#id-token (claims)
// https://authjs.dev/reference/core/providers/fusionauth (sign ID tokens with an RSA key from
//   Key Master, selected as the application's Id Token signing key)
const issuer = "https://login.example.test";
export default defineCase({
  options: { issuer, tenantId: "5f3f7b2a-1c4d-4e8b-9a0f-6d2c1b3a4e5f" },
  authorization: {
    url: `${issuer}/oauth2/authorize`,
    scope: "openid offline_access email profile",
    pkce: true,
    state: true,
    nonce: false,
    params: { tenantId: "5f3f7b2a-1c4d-4e8b-9a0f-6d2c1b3a4e5f" },
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    end_session_endpoint: `${issuer}/oauth2/logout`,
    device_authorization_endpoint: `${issuer}/oauth2/device_authorize`,
    introspection_endpoint: `${issuer}/oauth2/introspect`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    scopes_supported: ["openid", "offline_access", "profile", "email", "phone", "address"],
    response_types_supported: ["code", "token", "id_token", "code id_token"],
    response_modes_supported: ["query", "fragment", "form_post"],
    grant_types_supported: [
      "authorization_code",
      "implicit",
      "password",
      "client_credentials",
      "refresh_token",
      "urn:ietf:params:oauth:grant-type:device_code",
    ],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256", "ES384", "ES512", "HS256", "RS256", "RS512"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: `${issuer}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJIUzI1NiIs.example.fusionauth",
      expires_in: 3600,
      refresh_token: "ze9fi6Y9sMSf3yWp3aaO2w7AMav2MFdiMIi2GObrAi-i3248oo0jTQ",
      refresh_token_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      scope: "openid offline_access email profile",
      token_type: "Bearer",
      userId: "00000000-0000-0001-0000-000000000000",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_request",
        error_description: "The authorization code is invalid or expired.",
        error_reason: "auth_code_not_found",
      },
    },
  },
  // The application's Id Token signing key is an RSA one (the discovery document lists every
  // algorithm FusionAuth can sign with; the key chosen decides).
  idTokenAlg: "RS256",
  idTokenClaims: {
    sub: "00000000-0000-0001-0000-000000000000",
    jti: "3b6ca8a1-90e7-4b12-a4d6-8c2f1e0d9a7b",
    authenticationType: "PASSWORD",
    email: "richard@example.test",
    email_verified: true,
    at_hash: "w7SWsd",
    c_hash: "Pk4fXa",
    scope: "openid offline_access email profile",
    sid: "6c4e1f0a-2b3d-4c5e-8f7a-9b0c1d2e3f4a",
    given_name: "Richard",
    family_name: "Hendricks",
    picture: "https://images.example.test/richard.png",
  },
  user: {
    id: "00000000-0000-0001-0000-000000000000",
    name: "Richard Hendricks",
    email: "richard@example.test",
    image: "https://images.example.test/richard.png",
  },
});
