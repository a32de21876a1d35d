import { defineCase } from "../case.js";

// https://dev.vk.com/ru/api/access-token/authcode-flow-user (formerly vk.com/dev/authcode_flow_user:
//   authorize with scope, v and state; the token request; the answer `{ access_token,
//   expires_in, user_id, email }`, no `token_type`; the error body. The page calls this
//   "OAuth ВКонтакте" flow outdated and recommends VK ID.)
// https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth-vkontakte/create-and-configure-app
//   (VK still describes creating an app for OAuth ВКонтакте, in the VK ID business cabinet, with
//   VK ID recommended instead)
// https://vk.com/dev/permissions (`email`)
// https://vk.com/dev/users.get and https://vk.com/dev/api_requests (the method call, the token as
//   the `access_token` parameter, `response` and `error` bodies)
// Not confirmed from VK's pages: the HTTP status of a token error (401 here); that the token
// endpoint takes the credentials in a POST body (the page shows them as GET parameters); and
// whether oauth.vk.com still signs users in for an app created today (third-party projects
// report new apps refused there with "Security Error" and moved to VK ID). VK ID itself
// (id.vk.com, OAuth 2.1) is another protocol: docs/providers.md, "VK and VK ID".
const token = "533bacf01e11f55b536a565b57531ac114461ae8736d6506a3";
export default defineCase({
  authorization: {
    url: "https://oauth.vk.com/authorize",
    scope: "email",
    pkce: false,
    state: true,
    nonce: false,
    params: { v: "5.131" },
  },
  token: {
    url: "https://oauth.vk.com/access_token",
    authMethod: "client_secret_post",
    response: {
      access_token: token,
      expires_in: 43_200,
      user_id: 66_748,
      email: "ivan@example.test",
    },
    error: {
      status: 401,
      body: { error: "invalid_grant", error_description: "Code is expired." },
    },
  },
  userinfo: {
    url: `https://api.vk.com/method/users.get?fields=photo_100&v=5.131&access_token=${token}`,
    tokenInUrl: true,
    response: {
      response: [
        {
          id: 66_748,
          first_name: "Ivan",
          last_name: "Petrov",
          photo_100: "https://sun1-99.userapi.example/s/v1/ig2/photo_100.jpg",
          can_access_closed: true,
          is_closed: false,
        },
      ],
    },
  },
  user: {
    id: "66748",
    name: "Ivan Petrov",
    email: "ivan@example.test",
    image: "https://sun1-99.userapi.example/s/v1/ig2/photo_100.jpg",
  },
});
