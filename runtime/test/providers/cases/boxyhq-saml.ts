import { defineCase } from "../case.js";

// https://www.ory.sh/docs/polis/sso-flow (authorize with tenant/product, token, userinfo)
// https://www.ory.sh/docs/polis/guides/service (service endpoints under /api/oauth)
// Token errors are the message as text with the status (e.g. 403 "Invalid code").
const service = "https://jackson.example.test";
export default defineCase({
  options: { issuer: service },
  authorization: {
    url: `${service}/api/oauth/authorize`,
    scope: "email profile",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: `${service}/api/oauth/token`,
    authMethod: "client_secret_post",
    response: {
      access_token: "6a1f0c3e9b8d7a65.4c3b2a1908f7e6d5c4b3a291807f6e5d",
      token_type: "bearer",
      expires_in: 300,
    },
    error: { status: 403, body: "Invalid code" },
  },
  userinfo: {
    url: `${service}/api/oauth/userinfo`,
    response: {
      id: "NkU2REI5QkZDRDk1N0Y5QjYxRTMwQjNEOTM4RkQ3NjI",
      email: "jackson@example.test",
      firstName: "SAML",
      lastName: "Jackson",
      roles: ["developer"],
      groups: ["engineering"],
      requested: {
        tenant: "example.test",
        product: "demo",
        client_id: "dummy",
        state: "a-state",
      },
    },
  },
  user: {
    id: "NkU2REI5QkZDRDk1N0Y5QjYxRTMwQjNEOTM4RkQ3NjI",
    name: "SAML Jackson",
    email: "jackson@example.test",
    image: null,
  },
});
