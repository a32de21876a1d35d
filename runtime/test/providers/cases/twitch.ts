import { defineCase } from "../case.js";

// https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#oidc-authorization-code-grant-flow
// https://id.twitch.tv/oauth2/.well-known/openid-configuration
export default defineCase({
  authorization: {
    url: "https://id.twitch.tv/oauth2/authorize",
    scope: "openid user:read:email",
    pkce: true,
    state: false,
    nonce: false,
    params: {
      claims: JSON.stringify({
        id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
      }),
    },
  },
  discovery: {
    authorization_endpoint: "https://id.twitch.tv/oauth2/authorize",
    claims_parameter_supported: true,
    claims_supported: [
      "aud",
      "exp",
      "iat",
      "iss",
      "sub",
      "email",
      "email_verified",
      "picture",
      "preferred_username",
      "updated_at",
    ],
    id_token_signing_alg_values_supported: ["RS256"],
    issuer: "https://id.twitch.tv/oauth2",
    jwks_uri: "https://id.twitch.tv/oauth2/keys",
    response_types_supported: ["id_token", "code", "token", "code id_token", "token id_token"],
    scopes_supported: ["openid"],
    subject_types_supported: ["public"],
    token_endpoint: "https://id.twitch.tv/oauth2/token",
    token_endpoint_auth_methods_supported: ["client_secret_post"],
    userinfo_endpoint: "https://id.twitch.tv/oauth2/userinfo",
  },
  token: {
    url: "https://id.twitch.tv/oauth2/token",
    authMethod: "client_secret_post",
    // Twitch sends `scope` as an array.
    response: {
      access_token: "rfx2uswqe8l4g1mkagrvg5tv0ks3",
      expires_in: 14124,
      refresh_token: "5b93chm6hdve3mycz05zfzatkfdenfspp1h1ar2xxdalen01",
      scope: ["openid", "user:read:email"],
      token_type: "bearer",
    },
    error: { status: 400, body: { status: 400, message: "Invalid authorization code" } },
  },
  idTokenClaims: {
    sub: "713936733",
    azp: "client-id-from-the-console",
    preferred_username: "twitchdev",
    email: "twitchdev@example.test",
    email_verified: true,
    picture:
      "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-150x150.png",
    updated_at: "2024-05-01T10:00:00Z",
  },
  user: {
    id: "713936733",
    name: "twitchdev",
    email: "twitchdev@example.test",
    image:
      "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-150x150.png",
  },
});
