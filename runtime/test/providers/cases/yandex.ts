import { defineCase } from "../case.js";

// https://yandex.com/dev/id/doc/en/codes/code-url (authorize with state and PKCE; the token POST
//   with the credentials in the body or as HTTP Basic; its answer and errors)
// https://yandex.ru/dev/id/doc/en/user-information (login.yandex.ru/info with `Authorization:
//   OAuth <token>`; the fields each permission unlocks; the avatar URL from default_avatar_id)
export default defineCase({
  authorization: {
    url: "https://oauth.yandex.ru/authorize",
    scope: "login:info login:email login:avatar",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://oauth.yandex.ru/token",
    authMethod: "client_secret_basic",
    response: {
      token_type: "bearer",
      access_token: "y0_AgAAAAAAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      expires_in: 31_536_000,
      refresh_token:
        "1:GN686QVt0mmakDd9:A4pYuW9LGk0_UnlrMIWklkAuJkUWbq27loFekJVmSYrdfzdePBy7:A-2dHOmBxiXgajnD-kYOwQ",
    },
    error: { status: 400, body: { error_description: "Code has expired", error: "invalid_grant" } },
  },
  userinfo: {
    url: "https://login.yandex.ru/info?format=json",
    scheme: "OAuth",
    response: {
      id: "1000034426",
      login: "ivan",
      client_id: "4760187d81bc4b7799476b42b5103713",
      display_name: "Ivan",
      real_name: "Ivan Ivanov",
      first_name: "Ivan",
      last_name: "Ivanov",
      sex: "male",
      default_email: "test@yandex.ru",
      emails: ["test@yandex.ru", "other-test@yandex.ru"],
      default_avatar_id: "131652443",
      is_avatar_empty: false,
      psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
    },
  },
  user: {
    id: "1000034426",
    name: "Ivan",
    email: "test@yandex.ru",
    image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
  },
});
