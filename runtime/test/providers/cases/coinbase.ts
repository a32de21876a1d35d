import { defineCase } from "../case.js";

// https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations (authorize, token)
// https://docs.cdp.coinbase.com/coinbase-app/track-apis/users (GET /v2/user)
export default defineCase({
  authorization: {
    url: "https://login.coinbase.com/oauth2/auth",
    scope: "wallet:user:email wallet:user:read",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://login.coinbase.com/oauth2/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "ory_at_example-access",
      token_type: "bearer",
      expires_in: 3600,
      refresh_token: "ory_rt_example-refresh",
      scope: "wallet:user:read wallet:user:email",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "The provided authorization grant is invalid, expired or revoked.",
      },
    },
  },
  userinfo: {
    url: "https://api.coinbase.com/v2/user",
    response: {
      data: {
        id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
        name: "User One",
        username: "user1",
        profile_location: null,
        profile_bio: null,
        profile_url: "https://coinbase.com/user1",
        avatar_url: "https://images.coinbase.com/avatar?s=128",
        resource: "user",
        resource_path: "/v2/user",
        email: "user1@example.test",
      },
    },
  },
  user: {
    id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    name: "User One",
    email: "user1@example.test",
    image: "https://images.coinbase.com/avatar?s=128",
  },
});
