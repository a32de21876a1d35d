import { defineCase } from "../case.js";

// https://developers.hubspot.com/docs/api/oauth-quickstart-guide (authorize, token with
// client_id/client_secret in the body)
// https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/refresh-oauth-token
//   (POST /oauth/v1/token takes a `code_verifier`: PKCE)
// https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/get-oauth-token-metadata
//   (GET /oauth/v1/access-tokens/{token}: the token in the path, no `Authorization` header)
const accessToken = "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4";
export default defineCase({
  authorization: {
    url: "https://app.hubspot.com/oauth/authorize",
    scope: "oauth",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.hubapi.com/oauth/v1/token",
    authMethod: "client_secret_post",
    response: {
      token_type: "bearer",
      refresh_token: "1e8fbfb1-8e96-4826-8b8d-c8af73715",
      access_token: accessToken,
      expires_in: 1800,
    },
    error: {
      status: 400,
      body: {
        status: "BAD_AUTH_CODE",
        message: "missing or unknown auth code",
        correlationId: "0d5e6b3c-3d2b-4b4e-9c1e-example",
      },
    },
  },
  userinfo: {
    url: `https://api.hubapi.com/oauth/v1/access-tokens/${accessToken}`,
    authorization: null,
    response: {
      token: accessToken,
      user: "test@example.test",
      hub_domain: "demo.hubapi.com",
      scopes: ["oauth", "crm.objects.contacts.read"],
      hub_id: 62515,
      app_id: 456,
      expires_in: 1754,
      user_id: 123,
      token_type: "access",
    },
  },
  user: { id: "123", name: "test@example.test", email: "test@example.test", image: null },
});
