import { defineCase } from "../case.js";

// HubSpot's dated OAuth API, 2026-03 (v1 stops on 2027-02-16:
// https://developers.hubspot.com/changelog/v1-oauth-api-deprecation), from its OpenAPI document
// (github.com/HubSpot/HubSpot-public-api-spec-collection,
// PublicApiSpecs/Auth/Oauth/Rollouts/279897/2026-03/oauth.json) and reference pages:
// https://developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/refresh-oauth-token
//   (POST /oauth/2026-03/token: a form of grant_type, code, redirect_uri, client_id,
//   client_secret, code_verifier; answers AccessTokenResponse, or Error)
// https://developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/token-introspect
//   (POST /oauth/2026-03/token/introspect: a form of client_id, client_secret, token,
//   token_type_hint; answers PublicAccessTokenInfoResponse)
// https://developers.hubspot.com/changelog/new-oauth-v3-api-endpoints-and-standardized-error-responses
//   (errors carry RFC 6749's `error` and `error_description` beside `status` and `message`)
const accessToken = "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4";
export default defineCase({
  authorization: {
    url: "https://app.hubspot.com/oauth/authorize",
    scope: "oauth",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://api.hubapi.com/oauth/2026-03/token",
    authMethod: "client_secret_post",
    response: {
      access_token: accessToken,
      refresh_token: "na1-1e8f-bfb1-8e96-4826-8b8dc8af7371",
      token_type: "bearer",
      token_use: "access_token",
      expires_in: 1800,
      hub_id: 62515,
      user_id: 123,
      scopes: ["oauth", "crm.objects.contacts.read"],
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "missing or unknown auth code",
        status: "BAD_AUTH_CODE",
        message: "missing or unknown auth code",
        category: "VALIDATION_ERROR",
        correlationId: "0d5e6b3c-3d2b-4b4e-9c1e-2f9a7c3b1d40",
      },
    },
  },
  userinfo: {
    url: "https://api.hubapi.com/oauth/2026-03/token/introspect",
    post: {
      form: {
        token: "$access_token",
        token_type_hint: "access_token",
        client_id: "$client_id",
        client_secret: "$client_secret",
      },
    },
    response: {
      active: true,
      token: accessToken,
      token_use: "access_token",
      token_type: "bearer",
      client_id: "client-id-from-the-console",
      app_id: 456,
      hub_id: 62515,
      hub_domain: "demo.hubapi.com",
      is_private_distribution: false,
      scopes: ["oauth", "crm.objects.contacts.read"],
      expires_in: 1754,
      user_id: 123,
      user: "test@example.test",
      signed_access_token: {
        appId: 456,
        appInstallId: "install-789",
        audience: "api.hubapi.com",
        expiresAt: 1800000000000,
        hubId: 62515,
        hublet: "na1",
        installingUserId: 123,
        isPrivateDistribution: false,
        isServiceAccount: false,
        isUserLevel: false,
        newSignature: "signature-2",
        scopeToScopeGroupPks: "[]",
        scopes: "oauth,crm.objects.contacts.read",
        signature: "signature-1",
        trialScopeToScopeGroupPks: "[]",
        trialScopes: "",
        userId: 123,
      },
    },
  },
  user: { id: "123", name: "test@example.test", email: "test@example.test", image: null },
});
