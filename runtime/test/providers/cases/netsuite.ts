import { defineCase } from "../case.js";

// https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158074210415.html
//   (OAuth 2.0 authorization code grant: authorize.nl on `<account>.app.netsuite.com` with scope
//   and state; the token endpoint on `<account>.suitetalk.api.netsuite.com` with the client
//   credentials as HTTP Basic; the answer; account ids with `_SB1` written `-sb1` in host names)
// https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158081944642.html (step
//   one: authorize.nl's parameters and scopes)
// https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158272429269.html (a
//   RESTlet's URL and its Bearer authorization header)
// NetSuite has no profile endpoint: the app deploys a RESTlet returning the user (its body here
// is the app's own). Not confirmed from Oracle's pages: the exact error body (RFC 6749 shape
// here), and that `expires_in` comes as a string (the preset accepts either).
const account = "1234567-sb1";
const userinfo = `https://${account}.app.netsuite.com/app/site/hosting/restlet.nl?script=123&deploy=1`;
export default defineCase({
  options: { accountID: "1234567_SB1", userinfo },
  authorization: {
    url: `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl`,
    scope: "restlets rest_webservices",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: `https://${account}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token:
        "eyJraWQiOiJjLlRTVERSVjEyMzQ1NjcuMjAyMS0wMi0wNF8wMC0wMC0wMCIsInR5cCI6IkpXVCJ9.example",
      refresh_token: "eyJraWQiOiJjLlRTVERSVjEyMzQ1NjcuMjAyMS0wMi0wNF8wMC0wMC0wMCJ9.refresh",
      expires_in: "3600",
      token_type: "Bearer",
    },
    error: { status: 400, body: { error: "invalid_grant" } },
  },
  userinfo: {
    url: userinfo,
    response: { id: 42, name: "Jane Controller", email: "jane@example.test", role: 3 },
  },
  user: { id: "42", name: "Jane Controller", email: "jane@example.test", image: null },
});
