import { defineCase } from "../case.js";

// https://pipedrive.readme.io/docs/marketplace-oauth-authorization (authorize with client_id,
// redirect_uri and state; POST /oauth/token with HTTP Basic client credentials; the answer with
// `api_domain`; scopes are chosen on the app)
// https://developers.pipedrive.com/docs/api/v1/Oauth (the same: the token request's
//   `Authorization: Basic` header is required; no PKCE parameter anywhere)
// https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser (GET /v1/users/me; the API
//   documents no unversioned `/users/me`, which Auth.js's preset asks for)
// Not confirmed from Pipedrive's docs: the exact token error body.
export default defineCase({
  authorization: {
    url: "https://oauth.pipedrive.com/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://oauth.pipedrive.com/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "v1u:AQIBAHj-pipedrive-access-example",
      token_type: "Bearer",
      refresh_token: "13265:1000013:pipedrive-refresh-example",
      scope: "base,deals:read,users:read",
      expires_in: 3599,
      api_domain: "https://example-company.pipedrive.com",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "Invalid grant" } },
  },
  userinfo: {
    url: "https://api.pipedrive.com/v1/users/me",
    response: {
      success: true,
      data: {
        id: 1000013,
        name: "Priya Seller",
        default_currency: "EUR",
        locale: "en_US",
        lang: 1,
        email: "priya@example.test",
        phone: null,
        activated: true,
        is_admin: 1,
        active_flag: true,
        timezone_name: "Europe/Tallinn",
        icon_url: "https://files.pipedrive.com/profile_picture/example.jpg",
        is_you: true,
        company_id: 7311,
        company_name: "Example Company",
        company_domain: "example-company",
      },
    },
  },
  user: {
    id: "1000013",
    name: "Priya Seller",
    email: "priya@example.test",
    image: "https://files.pipedrive.com/profile_picture/example.jpg",
  },
});
