import { CLIENT_ID, defineCase } from "../case.js";

// https://docs.trakt.tv/reference/authentication and https://docs.trakt.tv/reference/postoauthtoken,
// written from Trakt's API contracts (https://github.com/trakt/trakt-api,
// projects/api/src/contracts/oauth/): every OAuth request goes to https://auth.trakt.tv ("Do not
// use the API hostname"); authorize with response_type, client_id, redirect_uri and state; POST
// /oauth/token with code, client_id, client_secret, redirect_uri and grant_type (no PKCE, no HTTP
// Basic); its answer (`created_at`, `scope`); an error is 400 with `error` and
// `error_description`
// https://trakt.docs.apiary.io/#introduction/required-headers (trakt-api-version: 2 and
// trakt-api-key: the client id on every call)
// projects/api/src/contracts/_internal/response/profileResponseSchema.ts in that repository (the
// profile of GET /users/me: `username`, `private`, `deleted`, a nullable `name`, `ids.slug` and
// `ids.trakt`; `joined_at`, `location`, `about`, `gender`, `age` with `extended=full`)
// Not confirmed from Trakt's docs: the token request as a form body (the contract's body is JSON,
// the preset sends a form, as Auth.js's does); `images.avatar.full` with `extended=full` (the
// older apiary example shows it there, the contract says it comes with `extended=images`, which
// its profile endpoint does not list).
export default defineCase({
  authorization: {
    url: "https://auth.trakt.tv/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://auth.trakt.tv/oauth/token",
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
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid OAuth code" },
    },
  },
  userinfo: {
    url: "https://api.trakt.tv/users/me?extended=full",
    headers: { "trakt-api-version": "2", "trakt-api-key": CLIENT_ID },
    response: {
      username: "sean",
      private: false,
      deleted: false,
      name: "Sean Watcher",
      vip: false,
      vip_ep: false,
      director: false,
      ids: { slug: "sean", trakt: 1 },
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
