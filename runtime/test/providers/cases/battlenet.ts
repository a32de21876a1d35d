import { defineCase } from "../case.js";

// https://develop.battle.net/documentation/guides/using-oauth (authorization code flow, the
// `openid` scope, the ID token's `battle_tag`)
// https://develop.battle.net/documentation/guides/using-oauth/authorization-code-flow
// https://oauth.battle.net/.well-known/openid-configuration
const issuer = "https://oauth.battle.net";
export default defineCase({
  authorization: {
    url: `${issuer}/authorize`,
    scope: "openid",
    pkce: false,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks/certs`,
    scopes_supported: ["openid", "wow.profile", "sc2.profile", "d3.profile"],
    response_types_supported: ["code", "id_token", "code id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "battle_tag"],
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "USveXs1dQbPkLnQ0Wb8example",
      token_type: "bearer",
      expires_in: 86399,
      scope: "openid",
      sub: "100000001",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  idTokenClaims: { sub: "100000001", battle_tag: "Thrall#1234" },
  user: { id: "100000001", name: "Thrall#1234", email: null, image: null },
});
