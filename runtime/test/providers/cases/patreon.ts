import { defineCase } from "../case.js";

// https://docs.patreon.com/#oauth (authorize, token with client_id/client_secret in the body)
// https://docs.patreon.com/#get-api-oauth2-v2-identity (fields[user], the JSON:API document)
export default defineCase({
  authorization: {
    url: "https://www.patreon.com/oauth2/authorize",
    scope: "identity identity[email]",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://www.patreon.com/api/oauth2/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "patreon-example-access",
      refresh_token: "patreon-example-refresh",
      expires_in: 2678400,
      scope: "identity identity[email]",
      token_type: "Bearer",
    },
    error: { status: 401, body: { error: "invalid_grant" } },
  },
  userinfo: {
    url: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=about%2Ccreated%2Cemail%2Cfirst_name%2Cfull_name%2Cimage_url%2Cis_email_verified%2Clast_name%2Curl%2Cvanity",
    response: {
      data: {
        id: "1234567",
        type: "user",
        attributes: {
          about: null,
          created: "2019-05-01T12:00:00.000+00:00",
          email: "fan@example.test",
          first_name: "Rosa",
          full_name: "Rosa Parks",
          image_url: "https://c8.patreon.com/2/200/1234567",
          is_email_verified: true,
          last_name: "Parks",
          url: "https://www.patreon.com/user?u=1234567",
          vanity: null,
        },
      },
      links: { self: "https://www.patreon.com/api/oauth2/v2/user/1234567" },
    },
  },
  user: {
    id: "1234567",
    name: "Rosa Parks",
    email: "fan@example.test",
    image: "https://c8.patreon.com/2/200/1234567",
  },
});
