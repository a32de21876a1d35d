import { defineCase } from "../case.js";

// https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/
// (authorization URL with audience and prompt=consent, token exchange, GET /me)
export default defineCase({
  authorization: {
    url: "https://auth.atlassian.com/authorize",
    scope: "read:me",
    pkce: false,
    state: true,
    nonce: false,
    params: { audience: "api.atlassian.com", prompt: "consent" },
  },
  token: {
    url: "https://auth.atlassian.com/oauth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "eyJraWQiOiJhdGxhc3NpYW4.example",
      expires_in: 3600,
      token_type: "Bearer",
      scope: "read:me",
    },
    error: {
      status: 403,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  userinfo: {
    url: "https://api.atlassian.com/me",
    response: {
      account_type: "atlassian",
      account_id: "712020:2c0ae7a1-5a2c-4c5e-9f0b-6d1e2f3a4b5c",
      email: "mia@example.test",
      name: "Mia Krystof",
      picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/default.png",
      account_status: "active",
      nickname: "mia",
      zoneinfo: "Australia/Sydney",
      locale: "en-US",
      extended_profile: { job_title: "Engineer", organization: "Example", department: "R&D" },
    },
  },
  user: {
    id: "712020:2c0ae7a1-5a2c-4c5e-9f0b-6d1e2f3a4b5c",
    name: "Mia Krystof",
    email: "mia@example.test",
    image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/default.png",
  },
});
