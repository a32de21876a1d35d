import { defineCase } from "../case.js";

// https://developer.webex.com/docs/integrations (authorize at webexapis.com/v1/authorize with
// scope and state; POST /v1/access_token with grant_type, client_id, client_secret, code and
// redirect_uri in a form body; its answer)
// https://developer.webex.com/docs/login-with-webex (the same endpoints: the access token
// request authorized with HTTP Basic or with the credentials in the body; PKCE with
// `code_challenge` S256 and `code_verifier`)
// https://developer.webex.com/docs/api/v1/people/get-my-own-details (GET /v1/people/me)
// Not confirmed from Webex's docs: the exact token error body.
export default defineCase({
  authorization: {
    url: "https://webexapis.com/v1/authorize",
    scope: "spark:people_read",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://webexapis.com/v1/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "webex-access-example-7d1e4c9a2b6f",
      expires_in: 1209600,
      refresh_token: "webex-refresh-example-2c8f5a1e9d3b",
      refresh_token_expires_in: 7776000,
      token_type: "Bearer",
    },
    error: {
      status: 400,
      body: {
        message: "Invalid authorization code",
        errors: [{ description: "Invalid authorization code" }],
        trackingId: "ROUTER_6543210A-example",
      },
    },
  },
  userinfo: {
    url: "https://webexapis.com/v1/people/me",
    response: {
      id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9leGFtcGxl",
      emails: ["kofi@example.test"],
      phoneNumbers: [],
      displayName: "Kofi Mensah",
      nickName: "Kofi",
      firstName: "Kofi",
      lastName: "Mensah",
      avatar: "https://avatar-prod-us-east-2.webexcontent.com/example~1600",
      orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi9leGFtcGxl",
      created: "2024-03-01T10:00:00.000Z",
      type: "person",
    },
  },
  user: {
    id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9leGFtcGxl",
    name: "Kofi Mensah",
    email: "kofi@example.test",
    image: "https://avatar-prod-us-east-2.webexcontent.com/example~1600",
  },
});
