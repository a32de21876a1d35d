import { defineCase } from "../case.js";

// https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
//   (threads.net/oauth/authorize, scope threads_basic, state; POST graph.threads.net/oauth/access_token
//   with client_id and client_secret; the answer `{ access_token, user_id }`)
// https://developers.facebook.com/docs/threads/threads-profiles (GET /me and its fields)
// Not confirmed from Meta's pages: PKCE (none is sent), and the error body of a used code (the
// case uses the Graph API's `OAuthException` shape). The pages pass the token as a query
// parameter; the Graph API also takes it as a Bearer header, which the preset uses.
export default defineCase({
  authorization: {
    url: "https://threads.net/oauth/authorize",
    scope: "threads_basic",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://graph.threads.net/oauth/access_token",
    authMethod: "client_secret_post",
    response: { access_token: "THQVJexampleShortLivedToken", user_id: 12_345_678_901_234 },
    error: {
      status: 400,
      body: {
        error: {
          message: "Error validating verification code.",
          type: "OAuthException",
          code: 100,
          fbtrace_id: "AbCdEfGhIjK",
        },
      },
    },
  },
  userinfo: {
    url: "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url",
    response: {
      id: "1234567",
      username: "threadsapitestuser",
      name: "Threads API Test User",
      threads_profile_picture_url: "https://scontent.cdninstagram.example/v/t51.2885-15/pic.jpg",
    },
  },
  user: {
    id: "1234567",
    name: "Threads API Test User",
    email: null,
    image: "https://scontent.cdninstagram.example/v/t51.2885-15/pic.jpg",
  },
});
