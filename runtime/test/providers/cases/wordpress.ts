import { defineCase } from "../case.js";

// https://developer.wordpress.com/docs/oauth2/ (authorize, `scope=auth`, the token request with
//   client_id and client_secret in the body, the token answer with blog_id and blog_url)
// https://developer.wordpress.com/docs/api/1/get/me/ (the user's fields)
// Not confirmed from WordPress.com's pages: PKCE on this endpoint (none is sent) and the exact
// error body of a used code (the case uses the RFC 6749 shape).
export default defineCase({
  authorization: {
    url: "https://public-api.wordpress.com/oauth2/authorize",
    scope: "auth",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://public-api.wordpress.com/oauth2/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "YOUR_API_TOKEN-example",
      blog_id: "0",
      blog_url: null,
      token_type: "bearer",
      scope: "auth",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "The provided code is invalid." },
    },
  },
  userinfo: {
    url: "https://public-api.wordpress.com/rest/v1/me",
    response: {
      ID: 18_342_963,
      display_name: "Jane Writer",
      username: "janewriter",
      email: "jane@example.test",
      primary_blog: 12_345_678,
      primary_blog_url: "https://janewriter.wordpress.com",
      language: "en",
      token_site_id: false,
      token_scope: ["auth"],
      avatar_URL: "https://0.gravatar.com/avatar/5a1b2c3d?s=96&d=identicon",
      profile_URL: "https://en.gravatar.com/janewriter",
      verified: true,
      email_verified: true,
      date: "2012-06-04T12:00:00+00:00",
      site_count: 1,
      visible_site_count: 1,
      has_unseen_notes: false,
      newest_note_type: "",
      phone_account: false,
      is_valid_google_apps_country: true,
    },
  },
  user: {
    id: "18342963",
    name: "Jane Writer",
    email: "jane@example.test",
    image: "https://0.gravatar.com/avatar/5a1b2c3d?s=96&d=identicon",
  },
});
