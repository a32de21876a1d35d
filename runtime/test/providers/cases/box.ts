import { defineCase } from "../case.js";

// https://developer.box.com/guides/authentication/oauth2/without-sdk/ (authorize, token)
// https://developer.box.com/reference/post-oauth2-token/ (body credentials, errors)
// https://developer.box.com/reference/get-users-me/ (the user object)
export default defineCase({
  authorization: {
    url: "https://account.box.com/api/oauth2/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.box.com/oauth2/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "c3FIOG9vSGV4VHz8QiI6e5c8example",
      expires_in: 3600,
      restricted_to: [],
      refresh_token: "c3FIOG9vSGV4VHz8QiI6e5c8refresh",
      token_type: "bearer",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "Auth code doesn't exist or is invalid for the client",
      },
    },
  },
  userinfo: {
    url: "https://api.box.com/2.0/users/me",
    response: {
      type: "user",
      id: "11446498",
      name: "Aaron Levie",
      login: "ceo@example.test",
      created_at: "2012-12-12T10:53:43-08:00",
      modified_at: "2012-12-12T10:53:43-08:00",
      language: "en",
      timezone: "Africa/Bujumbura",
      space_amount: 11345156112,
      space_used: 1237009912,
      max_upload_size: 2147483648,
      status: "active",
      job_title: "CEO",
      phone: "6509241374",
      address: "900 Jefferson Ave, Redwood City, CA 94063",
      avatar_url: "https://www.box.com/api/avatar/large/181216415",
    },
  },
  user: {
    id: "11446498",
    name: "Aaron Levie",
    email: "ceo@example.test",
    image: "https://www.box.com/api/avatar/large/181216415",
  },
});
