import { defineCase } from "../case.js";

// https://docs.netlify.com/api/get-started/#authentication (OAuth applications)
// https://open-api.netlify.com/#tag/user/operation/getCurrentUser (GET /api/v1/user)
export default defineCase({
  authorization: {
    url: "https://app.netlify.com/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.netlify.com/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "nfp_example_access_token",
      token_type: "Bearer",
      scope: "public",
      created_at: 1700000000,
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "The provided authorization grant is invalid.",
      },
    },
  },
  userinfo: {
    url: "https://api.netlify.com/api/v1/user",
    response: {
      id: "5a1b2c3d4e5f60718293a4b5",
      uid: "5a1b2c3d4e5f60718293a4b5",
      full_name: "Grace Hopper",
      avatar_url: "https://avatars.example.test/grace.png",
      email: "grace@example.test",
      affiliate_id: "",
      site_count: 3,
      created_at: "2020-01-01T00:00:00.000Z",
      last_login: "2026-11-01T00:00:00.000Z",
      login_providers: ["github"],
      onboarding_progress: { slides: "done" },
    },
  },
  user: {
    id: "5a1b2c3d4e5f60718293a4b5",
    name: "Grace Hopper",
    email: "grace@example.test",
    image: "https://avatars.example.test/grace.png",
  },
});
