import { defineCase } from "../case.js";

// https://developer.webex.com/docs/integrations (authorize at webexapis.com/v1/authorize with
// scope and state; POST /v1/access_token with grant_type, client_id, client_secret, code and
// redirect_uri in a form body; its answer)
// https://developer.webex.com/docs/api/v1/people/get-my-own-details (GET /v1/people/me)
// Not confirmed from Webex's docs: the exact token error body.
export default defineCase({
  authorization: {
    url: "https://webexapis.com/v1/authorize",
    scope: "spark:people_read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://webexapis.com/v1/access_token",
    authMethod: "client_secret_post",
    response: {
      access_token: "ZDI3MGEyYzQtNmFlNS00NDNhLWFlNzAtZGVjNjE0MGU1OGZmZTNmZTEy_example",
      expires_in: 1209600,
      refresh_token: "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTEy_example",
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
