import { defineCase } from "../case.js";

// https://docs.frontegg.com/docs/hosted-login (hosted login: /oauth/authorize, /oauth/token)
// https://docs.frontegg.com/docs/using-frontegg-oidc (OIDC flow, ID token claims)
// https://developers.frontegg.com/ciam/guides/security-center/token-management/templates (the
//   default JWT template: `name`, `email`, `email_verified`, `profilePictureUrl`, `roles`,
//   `tenantId`, …; no OIDC `picture`)
// The preset builds its endpoints from the issuer and reads no discovery document; the one
// below only tells the local fake where the keys are and that it signs an ID token.
const issuer = "https://app-roadrunner.frontegg.com";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/oauth/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: { issuer, jwks_uri: `${issuer}/.well-known/jwks.json` },
  token: {
    url: `${issuer}/oauth/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiIs.example.frontegg",
      token_type: "Bearer",
      expires_in: 86400,
      refresh_token: "8d6e2c1a-4b3f-4e5d-9a7c-0f1e2d3c4b5a",
    },
    error: {
      status: 400,
      body: { errors: ["Invalid authorization code"] },
    },
  },
  idTokenClaims: {
    sub: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e",
    name: "Road Runner",
    email: "road@example.test",
    email_verified: true,
    profilePictureUrl: "https://www.gravatar.example.test/avatar/road",
    roles: ["Admin"],
    tenantId: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  },
  user: {
    id: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e",
    name: "Road Runner",
    email: "road@example.test",
    image: "https://www.gravatar.example.test/avatar/road",
  },
});
