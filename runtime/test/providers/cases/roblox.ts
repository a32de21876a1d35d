import { defineCase } from "../case.js";

// https://create.roblox.com/docs/cloud/reference/oauth2 (authorize with PKCE and state, token
//   with Basic or body credentials, the ID token's claims with the `profile` scope, errors)
// https://apis.roblox.com/oauth/.well-known/openid-configuration (the reference page's example
//   discovery document, which the one below follows: ID tokens signed with ES256, keys at
//   /oauth/v1/certs; it lists an `email` scope and claim, which Roblox notes not every
//   third-party app may use)
const issuer = "https://apis.roblox.com/oauth/";
export default defineCase({
  authorization: {
    url: "https://apis.roblox.com/oauth/v1/authorize",
    scope: "openid profile",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: "https://apis.roblox.com/oauth/v1/authorize",
    token_endpoint: "https://apis.roblox.com/oauth/v1/token",
    introspection_endpoint: "https://apis.roblox.com/oauth/v1/token/introspect",
    revocation_endpoint: "https://apis.roblox.com/oauth/v1/token/revoke",
    resources_endpoint: "https://apis.roblox.com/oauth/v1/token/resources",
    userinfo_endpoint: "https://apis.roblox.com/oauth/v1/userinfo",
    jwks_uri: "https://apis.roblox.com/oauth/v1/certs",
    registration_endpoint: "https://create.roblox.com/dashboard/credentials",
    service_documentation: "https://create.roblox.com/docs/reference/cloud",
    scopes_supported: [
      "openid",
      "profile",
      "email",
      "verification",
      "credentials",
      "age",
      "premium",
      "roles",
    ],
    response_types_supported: ["none", "code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    claims_supported: [
      "sub",
      "type",
      "iss",
      "aud",
      "exp",
      "iat",
      "nonce",
      "name",
      "nickname",
      "preferred_username",
      "created_at",
      "profile",
      "email",
      "email_verified",
      "verified",
      "age_bracket",
      "premium",
      "roles",
      "internal_user",
    ],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: "https://apis.roblox.com/oauth/v1/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJFUzI1NiIsImtpZCI6example",
      refresh_token: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2GCMexample",
      token_type: "Bearer",
      expires_in: 899,
      scope: "openid profile",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Authorization code is invalid." },
    },
  },
  idTokenClaims: {
    sub: "1516563360",
    name: "exampleuser",
    nickname: "exampleuser",
    preferred_username: "exampleuser",
    created_at: 1_584_682_495,
    profile: "https://www.roblox.com/users/1516563360/profile",
    picture: "https://tr.rbxcdn.example/30DAY-AvatarHeadshot-example/150/150/AvatarHeadshot/Png",
  },
  user: {
    id: "1516563360",
    name: "exampleuser",
    email: null,
    image: "https://tr.rbxcdn.example/30DAY-AvatarHeadshot-example/150/150/AvatarHeadshot/Png",
  },
});
