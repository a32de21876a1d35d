import { CLIENT_ID, defineCase } from "../case.js";

// https://trakt.docs.apiary.io/#reference/authentication-oauth (authorize with response_type,
// client_id, redirect_uri and state; POST https://api.trakt.tv/oauth/token with code, client_id,
// client_secret, redirect_uri and grant_type; its answer)
// https://trakt.docs.apiary.io/#introduction/required-headers (trakt-api-version: 2 and
// trakt-api-key: the client id on every call)
// https://trakt.docs.apiary.io/#reference/users/profile (GET /users/me?extended=full)
// Not confirmed from Trakt's docs: they show the token request as JSON, the preset sends a form
// body; the exact token error body.
export default defineCase({
  authorization: {
    url: "https://trakt.tv/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.trakt.tv/oauth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "trakt-access-example-5f0c2d9e8a7b6c1d",
      token_type: "bearer",
      expires_in: 7200,
      refresh_token: "trakt-refresh-example-3a9e1f4b7c2d8e6a",
      scope: "public",
      created_at: 1764230400,
    },
    error: {
      status: 401,
      body: { error: "invalid_grant", error_description: "Invalid OAuth code" },
    },
  },
  userinfo: {
    url: "https://api.trakt.tv/users/me?extended=full",
    headers: { "trakt-api-version": "2", "trakt-api-key": CLIENT_ID },
    response: {
      username: "sean",
      private: false,
      name: "Sean Watcher",
      vip: false,
      vip_ep: false,
      ids: { slug: "sean" },
      joined_at: "2010-09-25T17:49:25.000Z",
      location: "Dublin",
      about: "Films on Sundays.",
      gender: "male",
      age: 35,
      images: {
        avatar: {
          full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/example.jpg",
        },
      },
    },
  },
  user: {
    id: "sean",
    name: "Sean Watcher",
    email: null,
    image: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/example.jpg",
  },
});
