import { defineCase } from "../case.js";

// https://simplelogin.io/docs/siwsl/intro/ and https://simplelogin.io/developer/ (Sign in with
//   SimpleLogin: authorize, token, userinfo under app.simplelogin.io/oauth2, scopes)
// SimpleLogin's server is open source (github.com/simple-login/app), read for what the pages do
// not say:
// - simplelogin_app.py, `openid_config`: the discovery document below, field for field (no
//   `token_endpoint_auth_methods_supported`, so Basic by the OIDC default);
// - app/oauth/views/token.py: Basic or body credentials; the answer `token_type: Bearer`, the
//   authorization's `scope`, the user, and an ID token when `openid` was asked for; errors are
//   400 with `error`;
// - app/oauth/views/authorize.py: no PKCE (`code_challenge` is not read, so the verifier Auth.js
//   sends is ignored and the preset sends none); a `nonce` is copied into the ID token (the
//   preset sends none, as Auth.js's).
const issuer = "https://app.simplelogin.io";
const user = {
  id: 4321,
  sub: "4321",
  email: "mask.wrinkle123@simplelogin.example",
  email_verified: true,
  name: "Jane Doe",
  avatar_url: "https://app.simplelogin.example/avatar/4321.png",
  client: "My Example App",
};
export default defineCase({
  authorization: {
    url: `${issuer}/oauth2/authorize`,
    scope: "openid profile email",
    pkce: false,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code", "token", "id_token", "id_token token", "id_token code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
  },
  token: {
    url: `${issuer}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "knqbgwbvzjaumxalhucnpdoxdqsnyyeykiyvnlgz",
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid profile email",
      user,
    },
    error: { status: 400, body: { error: "no such authorization code code-from-the-provider" } },
  },
  idTokenClaims: user,
  user: {
    id: "4321",
    name: "Jane Doe",
    email: "mask.wrinkle123@simplelogin.example",
    image: "https://app.simplelogin.example/avatar/4321.png",
  },
});
