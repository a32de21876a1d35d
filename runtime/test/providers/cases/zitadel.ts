import { defineCase } from "../case.js";

// https://zitadel.com/docs/apis/openidoauth/endpoints
// https://zitadel.com/docs/apis/openidoauth/claims
const issuer = "https://example-abc123.zitadel.cloud";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/oauth/v2/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth/v2/authorize`,
    token_endpoint: `${issuer}/oauth/v2/token`,
    introspection_endpoint: `${issuer}/oauth/v2/introspect`,
    userinfo_endpoint: `${issuer}/oidc/v1/userinfo`,
    revocation_endpoint: `${issuer}/oauth/v2/revoke`,
    end_session_endpoint: `${issuer}/oidc/v1/end_session`,
    jwks_uri: `${issuer}/oauth/v2/keys`,
    scopes_supported: ["openid", "profile", "email", "phone", "address", "offline_access"],
    response_types_supported: ["code", "id_token", "id_token token"],
    grant_types_supported: [
      "authorization_code",
      "implicit",
      "refresh_token",
      "client_credentials",
    ],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: [
      "none",
      "client_secret_basic",
      "client_secret_post",
      "private_key_jwt",
    ],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: `${issuer}/oauth/v2/token`,
    authMethod: "client_secret_basic",
    response: { access_token: "dG9rZW4.example", token_type: "Bearer", expires_in: 43199 },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "invalid code" },
    },
  },
  idTokenClaims: {
    sub: "163840776835432705",
    amr: ["password", "pwd"],
    azp: "client-id-from-the-console",
    auth_time: 1_700_000_000,
    at_hash: "Qx7Vb2",
    name: "Road Runner",
    given_name: "Road",
    family_name: "Runner",
    preferred_username: "road.runner@example.test",
    email: "road.runner@example.test",
    email_verified: true,
    locale: "en",
    updated_at: 1_658_329_554,
  },
  user: {
    id: "163840776835432705",
    name: "Road Runner",
    email: "road.runner@example.test",
  },
});
