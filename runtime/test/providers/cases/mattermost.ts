import { defineCase } from "../case.js";

// https://developers.mattermost.com/integrate/apps/authentication/oauth2/ (OAuth 2.0 service provider)
// https://api.mattermost.com/#tag/OAuth (authorize, access_token)
// https://api.mattermost.com/#tag/users/operation/GetUser (GET /api/v4/users/me)
const server = "https://chat.example.test";
export default defineCase({
  options: { issuer: server },
  authorization: {
    url: `${server}/oauth/authorize`,
    scope: "user",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: `${server}/oauth/access_token`,
    authMethod: "client_secret_post",
    response: {
      access_token: "9xk4tq7z1bfd8pj3w6yhn5cm2r",
      token_type: "bearer",
      expires_in: 2_592_000,
      scope: "user",
      refresh_token: "k8d3m1q9x7w5z2b4n6p0c8f3h1",
    },
    error: {
      status: 400,
      body: {
        id: "api.oauth.get_access_token.expired_code.app_error",
        message: "invalid_grant: Invalid or expired authorization code.",
        detailed_error: "",
        request_id: "p1r9q8s7t6u5v4w3x2y1z0a9b8",
        status_code: 400,
      },
    },
  },
  userinfo: {
    url: `${server}/api/v4/users/me`,
    response: {
      id: "o9e3jzqd1pbw8m5kytfs4xu7ah",
      create_at: 1_690_000_000_000,
      update_at: 1_700_000_000_000,
      delete_at: 0,
      username: "wile.e",
      auth_data: "",
      auth_service: "",
      email: "wile@example.test",
      email_verified: true,
      nickname: "Wile",
      first_name: "Wile E.",
      last_name: "Coyote",
      position: "Engineer",
      roles: "system_user",
      locale: "en",
      timezone: { automaticTimezone: "", manualTimezone: "", useAutomaticTimezone: "true" },
      disable_welcome_email: false,
    },
  },
  user: {
    id: "o9e3jzqd1pbw8m5kytfs4xu7ah",
    name: "wile.e",
    email: "wile@example.test",
    image: null,
  },
});
