import { defineCase } from "../case.js";

// https://ossoapp.com/docs/consume/consuming-osso/ (authorize, the form-POST code exchange with
//   client_id and client_secret, the token answer, the bearer profile request and its fields)
// https://github.com/enterprise-oss/osso-rb lib/osso/routes/oauth.rb (the routes; the token
//   endpoint is rack-oauth2's `Server::Token`, which reads the client credentials from an HTTP
//   Basic header as well as from the form, and whose errors follow RFC 6749 §5.2; `/oauth/me`
//   takes the token from the `Authorization` header or an `access_token` parameter)
// The guide shows the credentials in the form; the preset sends HTTP Basic, which Osso accepts
// too, as Auth.js's preset does.
// Osso asks for no scope (none is documented) and does not document PKCE: only `state`.
const issuer = "https://sso.example.test/";
export default defineCase({
  options: { issuer },
  authorization: {
    url: "https://sso.example.test/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://sso.example.test/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "3c1f6a0b9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b",
      token_type: "bearer",
      expires_in: 600,
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "The provided access grant is invalid." },
    },
  },
  userinfo: {
    url: "https://sso.example.test/oauth/me",
    response: {
      email: "lin@acme.example.test",
      id: "8b0b8a57-0f3c-4b7e-9a4c-6f1d2e3c4b5a",
      idp: "Okta",
      requested: { email: null, domain: "acme.example.test" },
    },
  },
  user: {
    id: "8b0b8a57-0f3c-4b7e-9a4c-6f1d2e3c4b5a",
    email: "lin@acme.example.test",
    name: null,
    image: null,
  },
});
