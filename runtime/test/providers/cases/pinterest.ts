import { defineCase } from "../case.js";

// https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/
// (authorize at www.pinterest.com/oauth, token with HTTP Basic)
// https://developers.pinterest.com/docs/api/v5/user_account-get
export default defineCase({
  authorization: {
    url: "https://www.pinterest.com/oauth",
    scope: "user_accounts:read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.pinterest.com/v5/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "pina_example_access",
      refresh_token: "pinr_example_refresh",
      response_type: "authorization_code",
      token_type: "bearer",
      expires_in: 2592000,
      refresh_token_expires_in: 31536000,
      scope: "user_accounts:read",
    },
    error: { status: 400, body: { code: 1, message: "Invalid authorization code" } },
  },
  userinfo: {
    url: "https://api.pinterest.com/v5/user_account",
    response: {
      account_type: "PINNER",
      id: "549755885175",
      profile_image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5.jpg",
      website_url: "https://example.test",
      username: "ada_pins",
      about: "",
      business_name: null,
      board_count: 4,
      pin_count: 100,
      follower_count: 10,
      following_count: 20,
      monthly_views: 1000,
    },
  },
  user: {
    id: "ada_pins",
    name: "ada_pins",
    email: null,
    image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5.jpg",
  },
});
