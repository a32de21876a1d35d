import { defineCase } from "../case.js";

// https://docs.aws.amazon.com/cognito/latest/developerguide/authorization-endpoint.html
// https://docs.aws.amazon.com/cognito/latest/developerguide/token-endpoint.html
// https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html
//   (the default payload below has no `name`: standard attributes such as `name`, `nickname` and
//   `preferred_username` are in it only when the pool fills them; `cognito:username` is always
//   there but is a generated UUID in pools that sign in by email, so it is no display name)
const issuer = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123";
const domain = "https://example-app.auth.eu-west-1.amazoncognito.com";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${domain}/oauth2/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    authorization_endpoint: `${domain}/oauth2/authorize`,
    end_session_endpoint: `${domain}/logout`,
    id_token_signing_alg_values_supported: ["RS256"],
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ["code", "token"],
    revocation_endpoint: `${domain}/oauth2/revoke`,
    scopes_supported: ["openid", "email", "phone", "profile"],
    subject_types_supported: ["public"],
    token_endpoint: `${domain}/oauth2/token`,
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    userinfo_endpoint: `${domain}/oauth2/userInfo`,
  },
  token: {
    url: `${domain}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJra1example.access",
      refresh_token: "eyJj3example.refresh",
      token_type: "Bearer",
      expires_in: 3600,
    },
    error: { status: 400, body: { error: "invalid_grant" } },
  },
  idTokenClaims: {
    sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    "cognito:groups": ["admin"],
    email_verified: true,
    "cognito:username": "janedoe",
    origin_jti: "aaaaaaaa-1111-2222-3333-444444444444",
    event_id: "cccccccc-5555-6666-7777-888888888888",
    token_use: "id",
    auth_time: 1_700_000_000,
    email: "janedoe@example.test",
  },
  user: {
    id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    name: null,
    email: "janedoe@example.test",
    image: null,
  },
});
