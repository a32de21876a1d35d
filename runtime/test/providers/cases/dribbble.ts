import { defineCase } from "../case.js";

// https://developer.dribbble.com/v2/oauth/ (authorize, token with client_id/client_secret)
// https://developer.dribbble.com/v2/user/ (GET /v2/user)
export default defineCase({
  authorization: {
    url: "https://dribbble.com/oauth/authorize",
    scope: "public",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://dribbble.com/oauth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "29ed478ab86c07f1c069b1af76088f7431396b7c4a2523d06911345da82224a0",
      token_type: "bearer",
      scope: "public",
    },
    error: {
      status: 401,
      body: {
        error: "invalid_grant",
        error_description: "The provided authorization grant is invalid, expired or revoked.",
      },
    },
  },
  userinfo: {
    url: "https://api.dribbble.com/v2/user",
    response: {
      id: 1,
      name: "Dan Cederholm",
      login: "simplebits",
      html_url: "https://dribbble.com/simplebits",
      avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
      bio: "Co-founder of Dribbble.",
      location: "Salem, MA",
      links: { web: "http://simplebits.com" },
      can_upload_shot: true,
      pro: true,
      followers_count: 2,
      created_at: "2009-07-08T02:51:22Z",
      type: "Player",
      teams: [],
    },
  },
  user: {
    id: "1",
    name: "Dan Cederholm",
    email: null,
    image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
  },
});
