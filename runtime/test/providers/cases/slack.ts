import { defineCase } from "../case.js";

// https://api.slack.com/authentication/sign-in-with-slack
// https://api.slack.com/methods/openid.connect.token
// https://slack.com/.well-known/openid-configuration
export default defineCase({
  authorization: {
    url: "https://slack.com/openid/connect/authorize",
    scope: "openid profile email",
    pkce: false,
    state: false,
    nonce: true,
  },
  discovery: {
    issuer: "https://slack.com",
    authorization_endpoint: "https://slack.com/openid/connect/authorize",
    token_endpoint: "https://slack.com/api/openid.connect.token",
    userinfo_endpoint: "https://slack.com/api/openid.connect.userInfo",
    jwks_uri: "https://slack.com/openid/connect/keys",
    scopes_supported: ["openid", "profile", "email"],
    response_types_supported: ["code"],
    response_modes_supported: ["form_post"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    claims_supported: ["sub", "auth_time", "iss"],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: true,
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
  },
  token: {
    url: "https://slack.com/api/openid.connect.token",
    authMethod: "client_secret_basic",
    response: { ok: true, access_token: "xoxp-1234-example", token_type: "Bearer" },
    // Slack's Web API answers errors with 200 and `ok: false`.
    error: { status: 200, body: { ok: false, error: "invalid_code" } },
  },
  idTokenClaims: {
    sub: "U0R7JM",
    auth_time: 1_700_000_000,
    at_hash: "tUtd9JgNc4cGNcvEG2wykg",
    "https://slack.com/team_id": "T0R7GR",
    "https://slack.com/user_id": "U0R7JM",
    email: "krane@example.test",
    email_verified: true,
    date_email_verified: 1_622_128_723,
    locale: "en-US",
    name: "krane",
    picture: "https://secure.gravatar.com/avatar/bc.jpg?s=512",
    given_name: "",
    family_name: "",
    "https://slack.com/team_name": "kraneflannel",
    "https://slack.com/team_domain": "kraneflannel",
  },
  user: {
    id: "U0R7JM",
    name: "krane",
    email: "krane@example.test",
    image: "https://secure.gravatar.com/avatar/bc.jpg?s=512",
  },
});
