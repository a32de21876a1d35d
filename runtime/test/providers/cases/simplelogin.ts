import { defineCase } from "../case.js";

// https://simplelogin.io/docs/siwsl/intro/ and https://simplelogin.io/developer/ (Sign in with
//   SimpleLogin: authorize, token, userinfo under app.simplelogin.io/oauth2, scopes)
// SimpleLogin's server is open source (github.com/simple-login/app, app/oauth/views/token.py):
//   the token endpoint takes Basic or body credentials, answers `token_type: bearer`, an empty
//   `scope`, the user, and an ID token when `openid` was asked for; errors are 400 with `error`.
// Not confirmed from SimpleLogin's pages: PKCE and nonce support (neither is sent), and the exact
// discovery document (the one below is written from the endpoints the pages name).
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
    response_types_supported: ["code", "token", "id_token", "id_token token", "code id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    claims_supported: ["sub", "email", "email_verified", "name", "avatar_url", "client"],
  },
  token: {
    url: `${issuer}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "knqbgwbvzjaumxalhucnpdoxdqsnyyeykiyvnlgz",
      token_type: "bearer",
      expires_in: 3600,
      scope: "",
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
