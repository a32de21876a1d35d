import { defineCase } from "../case.js";

// https://docs.logto.io/concepts/core-service (OIDC provider mounted at /oidc, userinfo /oidc/me)
// https://docs.logto.io/quick-starts/third-party-oidc (endpoints, scopes)
// https://docs.logto.io/references/openid-connect/claims (profile and email claims)
const issuer = "https://roadrunner.logto.app/oidc";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/auth`,
    scope: "offline_access openid email profile",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    end_session_endpoint: `${issuer}/session/end`,
    introspection_endpoint: `${issuer}/token/introspection`,
    revocation_endpoint: `${issuer}/token/revocation`,
    jwks_uri: `${issuer}/jwks`,
    scopes_supported: ["openid", "offline_access", "profile", "email", "phone", "address"],
    response_types_supported: ["code", "id_token", "code id_token"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    subject_types_supported: ["public"],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_jwt",
      "client_secret_post",
      "private_key_jwt",
      "none",
    ],
    code_challenge_methods_supported: ["S256"],
    // Logto signs with ES384 by default (a signing-key setting); the fake signs with RS256, so
    // the list of algorithms is left out here.
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "Zm9vYmFy.example.logto",
      expires_in: 3600,
      refresh_token: "cmVmcmVzaA.example.logto",
      scope: "openid offline_access email profile",
      token_type: "Bearer",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "grant request is invalid" },
    },
  },
  idTokenClaims: {
    sub: "u7xk2p9q1m3n",
    at_hash: "b3Jc8d",
    name: null,
    username: "roadrunner",
    picture: null,
    email: "road@example.test",
    email_verified: true,
    updated_at: 1_700_000_000_000,
    created_at: 1_690_000_000_000,
  },
  user: { id: "u7xk2p9q1m3n", name: "roadrunner", email: "road@example.test", image: null },
});
