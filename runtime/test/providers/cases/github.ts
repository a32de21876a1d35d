import { defineCase } from "../case.js";

// https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
// https://docs.github.com/en/rest/users/users#get-the-authenticated-user
// https://docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user
export default defineCase({
  authorization: {
    url: "https://github.com/login/oauth/authorize",
    scope: "read:user user:email",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://github.com/login/oauth/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a",
      scope: "read:user,user:email",
      token_type: "bearer",
    },
    // GitHub answers a bad code with 200 and an error body.
    error: {
      status: 200,
      body: {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
      },
    },
  },
  userinfo: {
    url: "https://api.github.com/user",
    response: {
      login: "octocat",
      id: 583231,
      node_id: "MDQ6VXNlcjU4MzIzMQ==",
      avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
      html_url: "https://github.com/octocat",
      type: "User",
      site_admin: false,
      name: "The Octocat",
      company: "@github",
      blog: "https://github.blog",
      location: "San Francisco",
      email: null,
      hireable: null,
      bio: null,
      public_repos: 8,
      followers: 9000,
      following: 9,
      created_at: "2011-01-25T18:44:36Z",
      updated_at: "2024-01-22T12:00:00Z",
    },
  },
  resources: {
    "https://api.github.com/user/emails": [
      { email: "octocat@old.example", verified: false, primary: false, visibility: null },
      { email: "octocat@example.test", verified: true, primary: true, visibility: "public" },
    ],
  },
  user: {
    id: "583231",
    name: "The Octocat",
    email: "octocat@example.test",
    image: "https://avatars.githubusercontent.com/u/583231?v=4",
  },
});
