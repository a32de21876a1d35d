import { defineCase } from "../case.js";

// https://www.eventbrite.com/platform/docs/app-oauth-flow (the authorize and token URLs; the app
// key is the client_id; server-side flow: POST /oauth/token with client_id, client_secret, code
// and redirect_uri in a form body; no scopes)
// https://www.eventbrite.com/platform/api#/reference/user/retrieve-your-user (GET /v3/users/me/)
// Not confirmed from Eventbrite's docs: that `state` is returned (not mentioned), and the token
// error body (a standard OAuth 2 error is assumed).
export default defineCase({
  authorization: {
    url: "https://www.eventbrite.com/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://www.eventbrite.com/oauth/token",
    authMethod: "client_secret_post",
    response: { access_token: "OJEXAMPLEPERSONALOAUTHTOKEN7Q", token_type: "bearer" },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Code is invalid or expired." },
    },
  },
  userinfo: {
    url: "https://www.eventbriteapi.com/v3/users/me/",
    response: {
      emails: [
        { email: "old@example.test", verified: true, primary: false },
        { email: "ines@example.test", verified: true, primary: true },
      ],
      id: "160927563684",
      name: "Inès Organiser",
      first_name: "Inès",
      last_name: "Organiser",
      is_public: false,
      image_id: "123456789",
    },
  },
  user: { id: "160927563684", name: "Inès Organiser", email: "ines@example.test", image: null },
});
