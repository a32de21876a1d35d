import { defineCase } from "../case.js";

// https://discord.com/developers/docs/topics/oauth2#authorization-code-grant
// https://discord.com/developers/docs/resources/user#user-object (GET /users/@me)
export default defineCase({
  authorization: {
    url: "https://discord.com/api/oauth2/authorize",
    scope: "identify email",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://discord.com/api/oauth2/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "6qrZcUqja7812RVdnEKjpzOL4CvHBFG",
      token_type: "Bearer",
      expires_in: 604800,
      refresh_token: "D43f5y0ahjqew82jZ4NViEr2YafMKhue",
      scope: "identify email",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: 'Invalid "code" in request.' },
    },
  },
  userinfo: {
    url: "https://discord.com/api/users/@me",
    response: {
      id: "80351110224678912",
      username: "nelly",
      discriminator: "0",
      global_name: "Nelly",
      avatar: "8342729096ea3675442027381ff50dfe",
      bot: false,
      mfa_enabled: true,
      banner: null,
      accent_color: 16711680,
      locale: "en-US",
      verified: true,
      email: "nelly@example.test",
      flags: 64,
      premium_type: 1,
      public_flags: 64,
    },
  },
  user: {
    id: "80351110224678912",
    name: "Nelly",
    email: "nelly@example.test",
    image:
      "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
  },
});
