import { CLIENT_ID, defineCase } from "../case.js";

// https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth/oauth-mail/index (OAuth Mail:
// https://oauth.mail.ru/login with scope `userinfo`, a required state, PKCE with
// code_challenge/code_challenge_method; the token at https://oauth.mail.ru/token; the profile
// from https://oauth.mail.ru/userinfo with the token as `access_token`)
// https://help.mail.ru/developers/oauth/about (the same flow, older pages)
// Not confirmed from Mail.ru's docs: how the client authenticates at the token endpoint (the
// preset sends client_id and client_secret in the form body), the exact error body, and the
// scope: the older page lists `userinfo`, a newer copy `openid profile` (kept: `userinfo`, as in
// Auth.js).
const accessToken = "c8f2a9e1b7d4example5a3f0e6c2d9b1a7e4f8c3";
export default defineCase({
  authorization: {
    url: "https://oauth.mail.ru/login",
    scope: "userinfo",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://oauth.mail.ru/token",
    authMethod: "client_secret_post",
    response: {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: 3600,
      refresh_token: "5e1b3c7a9d2fexample0c4e8a6b2d7f1e3a9c5b",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "invalid code" } },
  },
  userinfo: {
    url: `https://oauth.mail.ru/userinfo?access_token=${accessToken}`,
    authorization: null,
    response: {
      id: "3157129420",
      client_id: CLIENT_ID,
      gender: "f",
      name: "Мария Иванова",
      nickname: "masha",
      locale: "ru_RU",
      first_name: "Мария",
      last_name: "Иванова",
      email: "masha@example.test",
      birthday: "01.02.1990",
      image: "https://filin.mail.ru/pic?email=masha%40example.test",
    },
  },
  user: {
    id: "3157129420",
    name: "Мария Иванова",
    email: "masha@example.test",
    image: "https://filin.mail.ru/pic?email=masha%40example.test",
  },
});
