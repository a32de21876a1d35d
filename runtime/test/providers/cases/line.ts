import { defineCase } from "../case.js";

// https://developers.line.biz/en/docs/line-login/integrate-line-login/ (authorize, token)
// https://developers.line.biz/en/reference/line-login/#verify-id-token (POST /oauth2/v2.1/verify)
// https://developers.line.biz/en/docs/line-login/verify-id-token/ (the ID token's claims; web
//   login signs it with HS256 and the channel secret, native apps and LIFF with ES256)
// https://developers.line.biz/en/docs/line-login/integrate-pkce/ (PKCE, which LINE recommends)
// https://access.line.me/.well-known/openid-configuration (names ES256 only: not web login's)
const claims = {
  iss: "https://access.line.me",
  sub: "U1234567890abcdef1234567890abcdef",
  aud: "client-id-from-the-console",
  exp: 1_504_169_092,
  iat: 1_504_263_657,
  amr: ["pwd"],
  name: "Taro Line",
  picture: "https://sample_line.me/aBcdefg123456",
  email: "taro.line@example.test",
};
export default defineCase({
  authorization: {
    url: "https://access.line.me/oauth2/v2.1/authorize",
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer: "https://access.line.me",
    authorization_endpoint: "https://access.line.me/oauth2/v2.1/authorize",
    token_endpoint: "https://api.line.me/oauth2/v2.1/token",
    revocation_endpoint: "https://api.line.me/oauth2/v2.1/revoke",
    userinfo_endpoint: "https://api.line.me/oauth2/v2.1/userinfo",
    scopes_supported: ["openid", "profile", "email"],
    jwks_uri: "https://api.line.me/oauth2/v2.1/certs",
    response_types_supported: ["code"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["ES256"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: "https://api.line.me/oauth2/v2.1/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "bNl4YEFPI/hjFWhTqexp4MuEw5YPs-example",
      expires_in: 2592000,
      refresh_token: "Aa1FdeggRhTnPNNpxr8p",
      scope: "profile openid email",
      token_type: "Bearer",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "invalid authorization code" },
    },
  },
  // A web login's ID token, HS256 with the channel secret, carrying the claims verify answers.
  idTokenAlg: "HS256",
  idTokenClaims: {
    sub: claims.sub,
    amr: claims.amr,
    name: claims.name,
    picture: claims.picture,
    email: claims.email,
  },
  userinfo: { url: "https://api.line.me/oauth2/v2.1/verify", response: claims, post: true },
  user: {
    id: "U1234567890abcdef1234567890abcdef",
    name: "Taro Line",
    email: "taro.line@example.test",
    image: "https://sample_line.me/aBcdefg123456",
  },
});
