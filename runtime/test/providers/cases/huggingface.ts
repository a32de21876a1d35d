import { defineCase } from "../case.js";

// https://huggingface.co/docs/hub/oauth (scopes, PKCE, the ID token's claims)
// https://huggingface.co/.well-known/openid-configuration
const issuer = "https://huggingface.co";
export default defineCase({
  authorization: {
    url: `${issuer}/oauth/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    jwks_uri: `${issuer}/oauth/jwks`,
    scopes_supported: ["openid", "profile", "email", "read-repos", "write-repos", "manage-repos"],
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
  },
  token: {
    url: `${issuer}/oauth/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "hf_oauth_example_access",
      token_type: "bearer",
      expires_in: 28800,
      scope: "openid profile email",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "Invalid code" } },
  },
  idTokenClaims: {
    sub: "63f1d2c4a1b2c3d4e5f60718",
    name: "Ada Lovelace",
    preferred_username: "ada",
    profile: "https://huggingface.co/ada",
    picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png",
    website: "https://example.test",
    email: "ada@example.test",
    email_verified: true,
    isPro: false,
  },
  user: {
    id: "63f1d2c4a1b2c3d4e5f60718",
    name: "Ada Lovelace",
    email: "ada@example.test",
    image: "https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png",
  },
});
