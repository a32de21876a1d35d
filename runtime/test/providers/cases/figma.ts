import { defineCase } from "../case.js";

// https://developers.figma.com/docs/rest-api/oauth-apps/ (authorize at www.figma.com/oauth,
// token at api.figma.com/v1/oauth/token with HTTP Basic, the granular `current_user:read`)
// https://www.figma.com/developers/api#authentication (the token answer: `user_id_string`,
//   `access_token`, `token_type: "bearer"`, `expires_in`, `refresh_token`; a numeric `user_id`
//   may come too, deprecated)
// https://developers.figma.com/docs/rest-api/users-endpoints/ (GET /v1/me)
export default defineCase({
  authorization: {
    url: "https://www.figma.com/oauth",
    scope: "current_user:read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.figma.com/v1/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      user_id_string: "987654321",
      user_id: 987654321,
      access_token: "figu_example-access",
      token_type: "bearer",
      refresh_token: "figur_example-refresh",
      expires_in: 7776000,
    },
    error: { status: 400, body: { error: true, status: 400, message: "Invalid code" } },
  },
  userinfo: {
    url: "https://api.figma.com/v1/me",
    response: {
      id: "987654321",
      handle: "Ada L.",
      img_url: "https://s3-alpha.figma.com/profile/ada.png",
      email: "ada@example.test",
    },
  },
  user: {
    id: "987654321",
    name: "Ada L.",
    email: "ada@example.test",
    image: "https://s3-alpha.figma.com/profile/ada.png",
  },
});
