import { defineCase } from "../case.js";

// https://log.concept2.com/developers/documentation/ (OAuth: authorize with comma-separated
// scopes and state, POST /oauth/access_token and its JSON answer; GET /api/users/me wrapped in
// `data`)
// Concept2's OAuth section could not be read here (the search tools return only the page's
// opening). A third-party summary and the Logbook clients found send `client_id` and
// `client_secret` in the form; Auth.js's preset sends them as HTTP Basic with a PKCE verifier and
// was reported signing in by its author, with screenshots (nextauthjs/next-auth#11817). A server
// that takes both (an OAuth 2 server library reads either) gets Auth.js's request from us too, so
// an app moving from Auth.js sends what it sent before. The token error body is a standard OAuth 2
// error, assumed.
export default defineCase({
  authorization: {
    url: "https://log.concept2.com/oauth/authorize",
    scope: "user:read",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://log.concept2.com/oauth/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "uGvBdhQeExampleAccessToken00000000000000",
      token_type: "Bearer",
      expires_in: 604800,
      refresh_token: "cfnPzQrExampleRefreshToken00000000000000",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_request",
        error_description: "Authorization code doesn't exist or is invalid for the client",
      },
    },
  },
  userinfo: {
    url: "https://log.concept2.com/api/users/me",
    response: {
      data: {
        id: 1234567,
        username: "erg_rower",
        first_name: "Grace",
        last_name: "Rower",
        gender: "F",
        dob: "1990-04-01",
        email: "grace@example.test",
        country: "GBR",
        profile_image: "https://log.concept2.com/images/profiles/example.jpg",
        age_restricted: false,
        email_permission: null,
        max_heart_rate: null,
        weight: null,
        logbook_privacy: "partners",
      },
    },
  },
  user: {
    id: "1234567",
    name: "erg_rower",
    email: "grace@example.test",
    image: "https://log.concept2.com/images/profiles/example.jpg",
  },
});
