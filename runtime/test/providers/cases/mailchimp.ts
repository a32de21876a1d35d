import { defineCase } from "../case.js";

// https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/ (authorize, token
// with client_id/client_secret in the body, its `expires_in: 0` and `scope: null`, metadata)
export default defineCase({
  authorization: {
    url: "https://login.mailchimp.com/oauth2/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://login.mailchimp.com/oauth2/token",
    authMethod: "client_secret_post",
    response: { access_token: "5c6ccc561059aa386da9d112215bae55", expires_in: 0, scope: null },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  userinfo: {
    url: "https://login.mailchimp.com/oauth2/metadata",
    response: {
      dc: "us1",
      role: "owner",
      accountname: "Freddie's Jokes",
      user_id: 42,
      login: {
        email: "freddie@example.test",
        avatar: null,
        login_id: 4242,
        login_name: "freddie",
        login_email: "freddie@example.test",
      },
      login_url: "https://login.mailchimp.com",
      api_endpoint: "https://us1.api.mailchimp.com",
    },
  },
  user: { id: "4242", name: "Freddie's Jokes", email: "freddie@example.test", image: null },
});
