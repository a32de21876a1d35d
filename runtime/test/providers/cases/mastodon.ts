import { defineCase } from "../case.js";

// https://docs.joinmastodon.org/methods/oauth/ (authorize with an S256 `code_challenge`, token
//   with its `code_verifier`, scopes; the server metadata lists client_secret_basic and _post)
// https://docs.joinmastodon.org/methods/accounts/#verify_credentials (a CredentialAccount)
const server = "https://mastodon.example";
export default defineCase({
  options: { issuer: server },
  authorization: {
    url: `${server}/oauth/authorize`,
    scope: "read:accounts",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: `${server}/oauth/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0",
      token_type: "Bearer",
      scope: "read:accounts",
      created_at: 1573979017,
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
    url: `${server}/api/v1/accounts/verify_credentials`,
    response: {
      id: "14715",
      username: "trwnh",
      acct: "trwnh",
      display_name: "infinite love ⴳ",
      locked: false,
      bot: false,
      created_at: "2016-11-24T10:02:12.085Z",
      note: "<p>example</p>",
      url: "https://mastodon.example/@trwnh",
      avatar:
        "https://files.mastodon.example/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
      avatar_static:
        "https://files.mastodon.example/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
      header:
        "https://files.mastodon.example/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
      header_static:
        "https://files.mastodon.example/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
      followers_count: 821,
      following_count: 178,
      statuses_count: 33120,
      source: { privacy: "public", sensitive: false, language: "", note: "example", fields: [] },
      emojis: [],
      fields: [],
    },
  },
  user: {
    id: "14715",
    name: "trwnh",
    email: null,
    image:
      "https://files.mastodon.example/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
  },
});
