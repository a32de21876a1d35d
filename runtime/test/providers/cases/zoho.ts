import { defineCase } from "../case.js";

// https://www.zoho.com/accounts/protocol/oauth/web-apps/authorization.html (authorize, scope, state)
// https://zoho.com/accounts/protocol/oauth/web-apps/access-token.html (client_id and client_secret
//   as parameters, the success body with `api_domain`)
// https://www.zoho.com/accounts/protocol/oauth/sign-in-using-zoho.html (AaaServer.profile.Read,
//   `GET /oauth/user/info`)
// Not confirmed from Zoho's pages: the HTTP status of a token error. Zoho answers a used or
// expired code with `{"error":"invalid_code"}`; the case sends it with 200 (the worse of the two
// possibilities), which the preset must still refuse. Nor does Zoho document PKCE for web apps,
// so none is sent. The `Zoho-oauthtoken` scheme is the one Zoho's API pages use.
export default defineCase({
  authorization: {
    url: "https://accounts.zoho.com/oauth/v2/auth",
    scope: "AaaServer.profile.Read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://accounts.zoho.com/oauth/v2/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "1000.41d9xxxxxxxxxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxx",
      api_domain: "https://www.zohoapis.com",
      token_type: "Bearer",
      expires_in: 3600,
    },
    error: { status: 200, body: { error: "invalid_code" } },
  },
  userinfo: {
    url: "https://accounts.zoho.com/oauth/user/info",
    scheme: "Zoho-oauthtoken",
    response: {
      First_Name: "Patricia",
      Email: "patricia@zylker.example",
      Last_Name: "Boyle",
      Display_Name: "Patricia Boyle",
      ZUID: 60_012_345_678,
    },
  },
  user: {
    id: "60012345678",
    name: "Patricia Boyle",
    email: "patricia@zylker.example",
    image: null,
  },
});
