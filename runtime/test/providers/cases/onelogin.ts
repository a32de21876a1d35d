import { defineCase } from "../case.js";

// https://developers.onelogin.com/openid-connect/api/authorization-code (auth, token)
// https://developers.onelogin.com/openid-connect/api/provider-config (discovery)
// https://developers.onelogin.com/openid-connect/id-token (claims)
const org = "https://roadrunner.onelogin.com";
const issuer = `${org}/oidc/2`;
export default defineCase({
  // next-auth 4's form: the subdomain URL, without `/oidc/2` (the documented issuer): the preset
  // appends it, where Auth.js's preset discovers at it as given.
  options: { issuer: org },
  authorization: {
    url: `${issuer}/auth`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    end_session_endpoint: `${issuer}/logout`,
    introspection_endpoint: `${issuer}/token/introspection`,
    revocation_endpoint: `${issuer}/token/revocation`,
    jwks_uri: `${issuer}/certs`,
    scopes_supported: ["openid", "name", "profile", "groups", "email", "params", "phone"],
    response_types_supported: ["code", "id_token token", "id_token"],
    grant_types_supported: ["authorization_code", "implicit", "refresh_token", "password"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256"],
    claims_supported: ["sub", "email", "preferred_username", "name", "updated_at", "given_name"],
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "R1Fpd0l.example.onelogin",
      expires_in: 3600,
      token_type: "Bearer",
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "grant request is invalid" },
    },
  },
  idTokenClaims: {
    sub: "36411201",
    email: "road@example.test",
    preferred_username: "road@example.test",
    name: "Road Runner",
    given_name: "Road",
    family_name: "Runner",
    updated_at: 1_700_000_000,
    sid: "e0a2c1f3-9b8d-4c7e-a6f5-d4c3b2a1f0e9",
  },
  user: { id: "36411201", name: "Road Runner", email: "road@example.test" },
});
