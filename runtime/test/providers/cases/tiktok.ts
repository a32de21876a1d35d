import { defineCase } from "../case.js";

// https://developers.tiktok.com/doc/login-kit-web (authorize: client_key, scope, state)
// https://developers.tiktok.com/doc/oauth-user-access-token-management (POST /v2/oauth/token/ with
//   client_key, client_secret, code, grant_type, redirect_uri as a form; the answer; errors)
// https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info (fields, the `data.user` and
//   `error` envelope)
// Not confirmed from TikTok's pages: the HTTP status of a token error (the pages show only the
// body; the case sends it with 200, which the preset must still refuse), and whether the token
// endpoint minds the `client_id` the runtime sends along with `client_key` (OAuth servers ignore
// parameters they do not know). PKCE is documented for desktop and mobile apps only.
export default defineCase({
  clientIdParameter: "client_key",
  authorization: {
    url: "https://www.tiktok.com/v2/auth/authorize/",
    scope: "user.info.basic",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://open.tiktokapis.com/v2/oauth/token/",
    authMethod: "client_secret_post",
    response: {
      access_token: "act.example12345Example12345Example",
      expires_in: 86_400,
      open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
      refresh_expires_in: 31_536_000,
      refresh_token: "rft.example12345Example12345Example",
      scope: "user.info.basic",
      token_type: "Bearer",
    },
    error: {
      status: 200,
      body: {
        error: "invalid_grant",
        error_description: "Authorization code is expired.",
        log_id: "202206221854370101130062072500FFA2",
      },
    },
  },
  userinfo: {
    url: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name",
    response: {
      data: {
        user: {
          open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
          avatar_url: "https://p19-sign.tiktokcdn-us.example/tos-useast5-avt-0068-tx/avatar.jpeg",
          display_name: "TikTok Creator",
        },
      },
      error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
    },
  },
  user: {
    id: "afd97af1-b87b-48b9-ac98-410aghda5344",
    name: "TikTok Creator",
    email: null,
    image: "https://p19-sign.tiktokcdn-us.example/tos-useast5-avt-0068-tx/avatar.jpeg",
  },
});
