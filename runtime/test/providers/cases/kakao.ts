import { defineCase } from "../case.js";

// https://developers.kakao.com/docs/latest/en/kakaologin/rest-api
// (request authorization code, request tokens, retrieve user information: GET /v2/user/me)
export default defineCase({
  authorization: {
    url: "https://kauth.kakao.com/oauth/authorize",
    scope: null,
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://kauth.kakao.com/oauth/token",
    authMethod: "client_secret_post",
    response: {
      token_type: "bearer",
      access_token: "oDbLsWvjE8Zmh7m-example",
      expires_in: 43199,
      refresh_token: "v2yYhUUb3Tw0-example",
      refresh_token_expires_in: 5183999,
      scope: "account_email profile_image profile_nickname",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "authorization code not found for code=xyz",
        error_code: "KOE320",
      },
    },
  },
  userinfo: {
    url: "https://kapi.kakao.com/v2/user/me",
    response: {
      id: 123456789,
      connected_at: "2022-04-11T01:45:28Z",
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile_image_needs_agreement: false,
        profile: {
          nickname: "홍길동",
          thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
          profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
          is_default_image: false,
        },
        email_needs_agreement: false,
        is_email_valid: true,
        is_email_verified: true,
        email: "sample@example.test",
      },
    },
  },
  user: {
    id: "123456789",
    name: "홍길동",
    email: "sample@example.test",
    image: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
  },
});
