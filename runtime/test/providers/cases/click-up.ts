import { defineCase } from "../case.js";

// https://developer.clickup.com/docs/authentication (OAuth flow: the authorization page at
// app.clickup.com/api, no scopes, every request authorized as `Authorization: <token>`)
// https://developer.clickup.com/reference/getaccesstoken (POST /api/v2/oauth/token with
// client_id, client_secret and code; answers `access_token` only)
// https://developer.clickup.com/reference/getauthorizeduser (GET /api/v2/user, wrapped in `user`)
// Not confirmed from ClickUp's docs: the reference lists the token request's fields as query
// parameters; the preset sends them as a form body (client_secret_post), as OAuth 2 does. The
// docs do not mention `state` being returned, nor the error body (ClickUp's API errors are
// `{ err, ECODE }`; the status and code below are made up).
export default defineCase({
  authorization: {
    url: "https://app.clickup.com/api",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.clickup.com/api/v2/oauth/token",
    authMethod: "client_secret_post",
    response: { access_token: "4412917_c6e2example0b1f8d6a2c9e4f7b3a5d1e8c0f2a9b7" },
    error: { status: 400, body: { err: "Code already used", ECODE: "OAUTH_014" } },
  },
  userinfo: {
    url: "https://api.clickup.com/api/v2/user",
    authorization: "4412917_c6e2example0b1f8d6a2c9e4f7b3a5d1e8c0f2a9b7",
    response: {
      user: {
        id: 4412917,
        username: "Ada Byron",
        email: "ada@example.test",
        color: "#7b68ee",
        profilePicture: "https://attachments.clickup.com/profilePictures/4412917_example.jpg",
        initials: "AB",
        week_start_day: 1,
        global_font_support: false,
        timezone: "Europe/London",
      },
    },
  },
  user: {
    id: "4412917",
    name: "Ada Byron",
    email: "ada@example.test",
    image: "https://attachments.clickup.com/profilePictures/4412917_example.jpg",
  },
});
