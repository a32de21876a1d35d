import { defineCase } from "../case.js";

// https://github.com/reddit-archive/reddit/wiki/OAuth2 (authorize, state, token with HTTP Basic,
// requests to oauth.reddit.com with a User-Agent)
// https://www.reddit.com/dev/api/#GET_api_v1_me
export default defineCase({
  authorization: {
    url: "https://www.reddit.com/api/v1/authorize",
    scope: "identity",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://www.reddit.com/api/v1/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiIsImtpZCI6example",
      token_type: "bearer",
      expires_in: 86400,
      scope: "identity",
    },
    // Reddit answers a used or expired code with 200 and an error body.
    error: { status: 200, body: { error: "invalid_grant" } },
  },
  userinfo: {
    url: "https://oauth.reddit.com/api/v1/me",
    response: {
      id: "abc12",
      name: "spez_example",
      created_utc: 1118030400,
      icon_img: "https://styles.redditmedia.com/t5_1/styles/profileIcon_x.png?width=256&amp;s=1f2e",
      has_verified_email: true,
      verified: true,
      link_karma: 10,
      comment_karma: 20,
    },
  },
  user: {
    id: "abc12",
    name: "spez_example",
    email: null,
    image: "https://styles.redditmedia.com/t5_1/styles/profileIcon_x.png?width=256&s=1f2e",
  },
});
