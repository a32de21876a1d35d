import { defineCase } from "../case.js";

// https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
// https://developers.facebook.com/docs/graph-api/reference/user (fields id, name, email, picture)
export default defineCase({
  authorization: {
    url: "https://www.facebook.com/v19.0/dialog/oauth",
    scope: "email",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://graph.facebook.com/oauth/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "EAAGm0PX4ZCpsBAKZCZAJtCq4example",
      token_type: "bearer",
      expires_in: 5183944,
    },
    // The Graph API's own error shape, not RFC 6749's.
    error: {
      status: 400,
      body: {
        error: {
          message: "This authorization code has expired.",
          type: "OAuthException",
          code: 100,
          error_subcode: 36007,
          fbtrace_id: "AbCdEf123",
        },
      },
    },
  },
  userinfo: {
    url: "https://graph.facebook.com/me?fields=id,name,email,picture",
    response: {
      id: "10158283736000000",
      name: "Ada Lovelace",
      email: "ada@example.test",
      picture: {
        data: {
          height: 50,
          is_silhouette: false,
          url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158283736000000",
          width: 50,
        },
      },
    },
  },
  user: {
    id: "10158283736000000",
    name: "Ada Lovelace",
    email: "ada@example.test",
    image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158283736000000",
  },
});
