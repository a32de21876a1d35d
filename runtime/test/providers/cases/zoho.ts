import { defineCase } from "../case.js";

// https://zoho.com/accounts/protocol/oauth/web-apps/access-token.html (POST /oauth/v2/token with
//   client_id and client_secret as parameters; the success body)
// https://www.zoho.com/invoice/api/v3/oauth/ (authorize at accounts.zoho.com/oauth/v2/auth with
//   scope, client_id, state, response_type, redirect_uri; one accounts server per data centre)
// https://www.zoho.com/accounts/help/user-authentication.html (the callback names the user's
//   data centre in `location` and `accounts-server`)
// https://www.zoho.com/accounts/protocol/oauth/use-access-token.html (`GET oauth/user/info` at
//   accounts.zoho.com, the token as `Authorization: Zoho-oauthtoken <token>` or `Bearer <token>`)
// https://www.zoho.com/accounts/protocol/oauth/js-apps/access-token.html (the
//   `AaaServer.profile.READ` scope)
// https://www.zoho.com/accounts/protocol/oauth/mobile-applications.html (PKCE is documented for
//   mobile and desktop apps only; the web-app token request has none, so none is sent)
// Not confirmed from Zoho's pages: the fields of `/oauth/user/info` (kept as Auth.js's preset reads
// them); the HTTP status of a token error (Zoho answers a used or expired code with
// `{"error":"invalid_code"}`; the case sends it with 200, the worse case, which the preset must
// still refuse).
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
