import { defineCase } from "../case.js";

// https://developer.apple.com/documentation/sign_in_with_apple/request_an_authorization_to_the_sign_in_with_apple_server
// https://developer.apple.com/documentation/sign_in_with_apple/tokenresponse
// https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple
// https://appleid.apple.com/.well-known/openid-configuration
export default defineCase({
  authorization: {
    url: "https://appleid.apple.com/auth/authorize",
    scope: "name email",
    pkce: false,
    state: true,
    nonce: true,
    params: { response_mode: "form_post" },
  },
  discovery: {
    issuer: "https://appleid.apple.com",
    authorization_endpoint: "https://appleid.apple.com/auth/authorize",
    token_endpoint: "https://appleid.apple.com/auth/token",
    revocation_endpoint: "https://appleid.apple.com/auth/revoke",
    jwks_uri: "https://appleid.apple.com/auth/keys",
    response_types_supported: ["code"],
    response_modes_supported: ["query", "fragment", "form_post"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "name"],
    token_endpoint_auth_methods_supported: ["client_secret_post"],
    claims_supported: [
      "aud",
      "email",
      "email_verified",
      "exp",
      "iat",
      "is_private_email",
      "iss",
      "nonce",
      "nonce_supported",
      "real_user_status",
      "sub",
      "transfer_sub",
    ],
  },
  token: {
    url: "https://appleid.apple.com/auth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "a0f5c4d3e2b1.0.example",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "r1a2b3c4d5.0.example",
    },
    error: { status: 400, body: { error: "invalid_grant" } },
  },
  idTokenClaims: {
    sub: "001234.5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c.1234",
    at_hash: "Xc2bHpgkHF6xO2eMM8B6ag",
    email: "q7x2m9k4@privaterelay.appleid.com",
    email_verified: true,
    is_private_email: true,
    auth_time: 1_700_000_000,
    nonce_supported: true,
  },
  // No name: Apple sends it once, in the callback's `user` field (tested in oauth/presets-flows).
  user: {
    id: "001234.5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c.1234",
    name: "q7x2m9k4@privaterelay.appleid.com",
    email: "q7x2m9k4@privaterelay.appleid.com",
    image: null,
  },
});
