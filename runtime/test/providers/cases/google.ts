import { defineCase } from "../case.js";

// https://developers.google.com/identity/openid-connect/openid-connect
// https://accounts.google.com/.well-known/openid-configuration
export default defineCase({
  authorization: {
    url: "https://accounts.google.com/o/oauth2/v2/auth",
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer: "https://accounts.google.com",
    authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    token_endpoint: "https://oauth2.googleapis.com/token",
    userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    revocation_endpoint: "https://oauth2.googleapis.com/revoke",
    jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
    response_types_supported: ["code", "token", "id_token", "code token", "code id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    code_challenge_methods_supported: ["plain", "S256"],
  },
  token: {
    url: "https://oauth2.googleapis.com/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "ya29.a0AfB_byC-example",
      expires_in: 3599,
      scope:
        "openid https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/userinfo.email",
      token_type: "Bearer",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Bad Request" },
    },
  },
  idTokenClaims: {
    azp: "client-id-from-the-console",
    sub: "110169484474386276334",
    hd: "example.test",
    email: "ada@example.test",
    email_verified: true,
    at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
    name: "Ada Lovelace",
    picture: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
    given_name: "Ada",
    family_name: "Lovelace",
  },
  user: {
    id: "110169484474386276334",
    name: "Ada Lovelace",
    email: "ada@example.test",
    image: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
  },
});
