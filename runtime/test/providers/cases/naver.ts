import { defineCase } from "../case.js";

// https://developers.naver.com/docs/login/api/api.md (authorize, token: parameters, errors)
// https://developers.naver.com/docs/login/profile/profile.md (GET /v1/nid/me)
export default defineCase({
  authorization: {
    url: "https://nid.naver.com/oauth2.0/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://nid.naver.com/oauth2.0/token",
    authMethod: "client_secret_post",
    // `expires_in` as a string, as documented.
    response: {
      access_token: "AAAAQosjWDJieBiQZc3to9YQp6HDLvrmyKC-example",
      refresh_token: "c8ceMEJisO4Se7uGisHoX0f5JEii7JnipglQipkOn5Zp3tyP7dHQoP0zNKHUq2gY",
      token_type: "bearer",
      expires_in: "3600",
    },
    // Errors come with status 200.
    error: {
      status: 200,
      body: { error: "invalid_request", error_description: "no valid data in session" },
    },
  },
  userinfo: {
    url: "https://openapi.naver.com/v1/nid/me",
    response: {
      resultcode: "00",
      message: "success",
      response: {
        email: "openapi@example.test",
        nickname: "OpenAPI",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
        age: "40-49",
        gender: "F",
        id: "32742776",
        name: "오픈 API",
        birthday: "10-01",
        birthyear: "1900",
        mobile: "010-0000-0000",
      },
    },
  },
  user: {
    id: "32742776",
    name: "OpenAPI",
    email: "openapi@example.test",
    image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
  },
});
