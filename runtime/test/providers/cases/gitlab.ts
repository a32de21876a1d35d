import { defineCase } from "../case.js";

// https://docs.gitlab.com/api/oauth2/ (authorization code flow with PKCE)
// https://docs.gitlab.com/api/users/#for-normal-users-1 (GET /user)
export default defineCase({
  authorization: {
    url: "https://gitlab.com/oauth/authorize",
    scope: "read_user",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://gitlab.com/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "de6780bc506a0446309bd9362820ba8aed28aa506c71eedbe1c5c4f9dd350e54",
      token_type: "Bearer",
      expires_in: 7200,
      refresh_token: "8257e65c97202ed1726cf9571600918f3bffb2544b26e00a61df9897668c33a1",
      scope: "read_user",
      created_at: 1607635748,
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    },
  },
  userinfo: {
    url: "https://gitlab.com/api/v4/user",
    response: {
      id: 1,
      username: "john_smith",
      email: "john@example.test",
      name: "John Smith",
      state: "active",
      locked: false,
      avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg",
      web_url: "https://gitlab.com/john_smith",
      created_at: "2012-05-23T08:00:58Z",
      bio: "",
      public_email: "john@example.test",
      confirmed_at: "2012-05-23T09:05:22Z",
      last_sign_in_at: "2012-06-01T11:41:01Z",
      two_factor_enabled: true,
    },
  },
  user: {
    id: "1",
    name: "John Smith",
    email: "john@example.test",
    image: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg",
  },
});
