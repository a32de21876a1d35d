import { defineCase } from "../case.js";

// https://www.freshbooks.com/api/authentication (HTTPS redirect URIs without a query string,
// `state` returned to the redirect URI, 12-hour access tokens)
// https://www.freshbooks.com/api/get-authenticated-on-the-freshbooks-api (the authorization URL
// https://auth.freshbooks.com/oauth/authorize/ as the app page shows it; POST /auth/oauth/token
// with grant_type, client_id, client_secret, code and redirect_uri as form fields)
// https://www.freshbooks.com/api/me_endpoint (GET /auth/api/v1/users/me wrapped in `response`)
// https://www.freshbooks.com/api/scopes (`user:profile:read` for /users/me)
// Not confirmed from FreshBooks' docs: the exact token error body.
export default defineCase({
  authorization: {
    url: "https://auth.freshbooks.com/oauth/authorize/",
    scope: "user:profile:read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.freshbooks.com/auth/oauth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "eyJraWQiOiJleGFtcGxlIn0.freshbooks-access-example",
      token_type: "Bearer",
      expires_in: 43200,
      refresh_token: "4f8b2a-freshbooks-refresh-example",
      scope: "user:profile:read",
      created_at: 1764230400,
    },
    error: {
      status: 401,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    },
  },
  userinfo: {
    url: "https://api.freshbooks.com/auth/api/v1/users/me",
    response: {
      response: {
        id: 2192788,
        identity_id: 2192788,
        first_name: "Lin",
        last_name: "Bookkeeper",
        email: "lin@example.test",
        language: "en",
        confirmed_at: "2025-01-08T16:22:03Z",
        created_at: "2025-01-08T16:21:41Z",
        business_memberships: [],
      },
    },
  },
  user: { id: "2192788", name: "Lin Bookkeeper", email: "lin@example.test", image: null },
});
