import { defineCase } from "../case.js";

// https://www.freshbooks.com/api/authentication (authorize at auth.freshbooks.com with scopes,
// POST /auth/oauth/token with client_id and client_secret in the body, the token answer, the
// identity from GET /auth/api/v1/users/me wrapped in `response`)
// https://www.freshbooks.com/api/me_endpoint (the identity's fields)
// https://www.freshbooks.com/api/scopes (`user:profile:read` for /users/me)
// Not confirmed from FreshBooks' docs: its examples send the token request as JSON, the preset
// sends a form body; the error body's exact text.
export default defineCase({
  authorization: {
    url: "https://auth.freshbooks.com/oauth/authorize",
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
