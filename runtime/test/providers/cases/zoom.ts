import { defineCase } from "../case.js";

// https://developers.zoom.us/docs/integrations/oauth/ (authorize, token with Basic, PKCE)
// https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId} (userId "me")
export default defineCase({
  authorization: {
    url: "https://zoom.us/oauth/authorize",
    scope: null,
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://zoom.us/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJzdiI6IjAwMDAwMSIsImFsZyI6IkhTNTEyIn0.example",
      token_type: "bearer",
      refresh_token: "eyJzdiI6IjAwMDAwMSIsImFsZyI6IkhTNTEyIn0.refresh",
      expires_in: 3599,
      scope: "user:read:user",
    },
    error: {
      status: 400,
      body: { reason: "Invalid authorization code", error: "invalid_request" },
    },
  },
  userinfo: {
    url: "https://api.zoom.us/v2/users/me",
    response: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      first_name: "Jill",
      last_name: "Chill",
      display_name: "Jill Chill",
      email: "jchill@example.test",
      type: 1,
      role_name: "Owner",
      pmi: 3542471135,
      use_pmi: false,
      personal_meeting_url: "https://zoom.us/j/3542471135",
      timezone: "Asia/Shanghai",
      verified: 1,
      dept: "",
      created_at: "2019-06-01T07:58:03Z",
      last_login_time: "2024-05-01T10:00:00Z",
      pic_url: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg",
      language: "en-US",
      status: "active",
      role_id: "0",
      account_id: "q6gBJVO5TzexKYTb_I2rpg",
      account_number: 10009239,
      cluster: "us05",
    },
  },
  user: {
    id: "KDcuGIm1QgePTO8WbOqwIQ",
    name: "Jill Chill",
    email: "jchill@example.test",
    image: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg",
  },
});
