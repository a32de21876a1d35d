import { defineCase } from "../case.js";

// https://docs.duendesoftware.com/identityserver/reference/endpoints/discovery/
// https://docs.duendesoftware.com/identityserver/reference/endpoints/token/
// https://docs.duendesoftware.com/identityserver/fundamentals/claims/ (identity resources)
const issuer = "https://identity.example.test";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/connect/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    jwks_uri: `${issuer}/.well-known/openid-configuration/jwks`,
    authorization_endpoint: `${issuer}/connect/authorize`,
    token_endpoint: `${issuer}/connect/token`,
    userinfo_endpoint: `${issuer}/connect/userinfo`,
    end_session_endpoint: `${issuer}/connect/endsession`,
    check_session_iframe: `${issuer}/connect/checksession`,
    revocation_endpoint: `${issuer}/connect/revocation`,
    introspection_endpoint: `${issuer}/connect/introspect`,
    device_authorization_endpoint: `${issuer}/connect/deviceauthorization`,
    pushed_authorization_request_endpoint: `${issuer}/connect/par`,
    frontchannel_logout_supported: true,
    backchannel_logout_supported: true,
    scopes_supported: ["openid", "profile", "email", "offline_access"],
    claims_supported: ["sub", "name", "family_name", "given_name", "email", "email_verified"],
    grant_types_supported: ["authorization_code", "client_credentials", "refresh_token"],
    response_types_supported: ["code", "token", "id_token", "id_token token", "code id_token"],
    response_modes_supported: ["form_post", "query", "fragment"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    id_token_signing_alg_values_supported: ["RS256"],
    subject_types_supported: ["public"],
    code_challenge_methods_supported: ["plain", "S256"],
    request_parameter_supported: true,
    authorization_response_iss_parameter_supported: true,
  },
  token: {
    url: `${issuer}/connect/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiIs.example.at",
      expires_in: 3600,
      token_type: "Bearer",
      scope: "openid profile email",
    },
    error: { status: 400, body: { error: "invalid_grant" } },
  },
  idTokenClaims: {
    sub: "818727",
    auth_time: 1_700_000_000,
    idp: "local",
    amr: ["pwd"],
    sid: "5C8E7E51A2B3C4D5",
    name: "Alice Smith",
    given_name: "Alice",
    family_name: "Smith",
    email: "alice@example.test",
    email_verified: true,
  },
  user: { id: "818727", name: "Alice Smith", email: "alice@example.test" },
});
