import { defineCase } from "../case.js";

// https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
// https://docs.x.com/x-api/users/user-lookup-me (GET /2/users/me)
export default defineCase({
  authorization: {
    url: "https://x.com/i/oauth2/authorize",
    scope: "users.read tweet.read offline.access",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.x.com/2/oauth2/token",
    authMethod: "client_secret_basic",
    response: {
      token_type: "bearer",
      expires_in: 7200,
      access_token: "VGNibzFWSWREZm01bjN1N3dicWlNUG1oa2xRRVNNdmVHelJGY2hPRzQ1MUhPOjE2Mjg4",
      scope: "users.read tweet.read offline.access",
      refresh_token: "bWRWa3gzdnk3WHRGU1o0bmRRcTJ5VUxWX1lZTDdJSUtmaWcxbTVxdEFXcW5tOjE2Mjg4",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_request",
        error_description: "Value passed for the authorization code was invalid.",
      },
    },
  },
  userinfo: {
    url: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    response: {
      data: {
        id: "2244994945",
        name: "Developers",
        username: "XDevelopers",
        profile_image_url:
          "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg",
      },
    },
  },
  user: {
    id: "2244994945",
    name: "Developers",
    email: null,
    image: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg",
  },
});
