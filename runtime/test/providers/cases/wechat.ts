import { defineCase } from "../case.js";

// https://developers.weixin.qq.com/doc/offiaccount/en/OA_Web_Apps/Wechat_webpage_authorization.html
//   (Official Account: oauth2/authorize with appid, redirect_uri, response_type, scope
//   snsapi_userinfo, state and `#wechat_redirect`; GET sns/oauth2/access_token with appid, secret,
//   code, grant_type; the answer with openid and unionid; errors as `{ errcode, errmsg }`;
//   GET sns/userinfo with access_token, openid and lang)
// https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html
//   (Website App: connect/qrconnect, scope snsapi_login; the same token and userinfo calls)
// `state` may be at most 128 bytes of letters and digits (the Official Account page): the preset
// asks for a compact state, which runtime/test/providers/wechat.test.ts checks.
// Both pages give the link as `appid`, `redirect_uri`, `response_type`, `scope`, `state`, then
// `#wechat_redirect`; the Official Account page adds that WeChat matches the link strictly,
// parameter order included (a link out of order does not open): the preset sends exactly that.
// Not confirmed from WeChat's pages: the HTTP status of an error (the pages show only the body;
// the case sends 200).
const token = "ACCESS_TOKEN_example_Ua4mL1GZ5dCtW0xfK3Rz";
const openid = "oLVPpjqs9BhvzwPj5A-vTYAX3GLc";
export default defineCase({
  clientIdParameter: "appid",
  authorization: {
    url: "https://open.weixin.qq.com/connect/oauth2/authorize",
    scope: "snsapi_userinfo",
    pkce: false,
    state: true,
    nonce: false,
    order: ["appid", "redirect_uri", "response_type", "scope", "state"],
  },
  token: {
    url: "https://api.weixin.qq.com/sns/oauth2/access_token",
    method: "GET",
    redirectUri: false,
    authMethod: "client_secret_post",
    credentialNames: { clientId: "appid", clientSecret: "secret" },
    response: {
      access_token: token,
      expires_in: 7200,
      refresh_token: "REFRESH_TOKEN_example_9sKqP2",
      openid,
      scope: "snsapi_userinfo",
      is_snapshotuser: 0,
      unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    },
    error: { status: 200, body: { errcode: 40029, errmsg: "invalid code" } },
  },
  userinfo: {
    url: `https://api.weixin.qq.com/sns/userinfo?access_token=${token}&openid=${openid}`,
    tokenInUrl: true,
    response: {
      openid,
      nickname: "微信用户",
      sex: 0,
      province: "",
      city: "",
      country: "",
      headimgurl:
        "https://thirdwx.qlogo.example/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46",
      privilege: [],
      unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    },
  },
  user: {
    id: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    name: "微信用户",
    email: null,
    image:
      "https://thirdwx.qlogo.example/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46",
  },
});
