import { defineCase } from "../case.js";

// https://docs.faceit.com/getting-started/authentication-and-authorization/faceit-connect
// (authorization code flow with PKCE, redirect_popup, token with HTTP Basic, userinfo)
// Not confirmed from a FACEIT page we could read: the userinfo fields. The FACEIT Connect
// document (https://cdn.faceit.com/third_party/docs/FACEIT_Connect_3.0.pdf) is what FACEIT's
// pages point to; Auth.js's own notes for its preset name the basic fields "email, nickname, guid
// and avatar" (the avatar as `picture`); none of these sources names a `name` field.
export default defineCase({
  authorization: {
    url: "https://accounts.faceit.com/accounts",
    scope: null,
    pkce: true,
    state: false,
    nonce: false,
    params: { redirect_popup: "true" },
  },
  token: {
    url: "https://api.faceit.com/auth/v1/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "6f1c4f3e-example-access",
      token_type: "bearer",
      expires_in: 3600,
      refresh_token: "0e7b2b9a-example-refresh",
      scope: "openid email profile",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "invalid code" } },
  },
  userinfo: {
    url: "https://api.faceit.com/auth/v1/resources/userinfo",
    response: {
      guid: "9bfc9fb9-6d6a-4f0e-a3e8-123456789abc",
      nickname: "s1mple_example",
      email: "player@example.test",
      picture: "https://assets.faceit-cdn.net/avatars/9bfc9fb9.jpg",
      locale: "en",
      membership: "free",
    },
  },
  user: {
    id: "9bfc9fb9-6d6a-4f0e-a3e8-123456789abc",
    name: "s1mple_example",
    email: "player@example.test",
    image: "https://assets.faceit-cdn.net/avatars/9bfc9fb9.jpg",
  },
});
