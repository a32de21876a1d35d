import { defineCase } from "../case.js";

// https://developer.atlassian.com/cloud/bitbucket/oauth-2/
// https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get
export default defineCase({
  authorization: {
    url: "https://bitbucket.org/site/oauth2/authorize",
    scope: "account",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://bitbucket.org/site/oauth2/access_token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "KQ3v-example-bitbucket",
      scopes: "account",
      token_type: "bearer",
      expires_in: 7200,
      state: "authorization_code",
      refresh_token: "fYh2-example-refresh",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "The specified code is not valid." },
    },
  },
  userinfo: {
    url: "https://api.bitbucket.org/2.0/user",
    response: {
      display_name: "Erik van Zijst",
      links: {
        self: {
          href: "https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D",
        },
        avatar: {
          href: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/initials/EZ-5.png",
        },
        html: { href: "https://bitbucket.org/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D/" },
      },
      created_on: "2010-07-07T04:48:07.118331+00:00",
      type: "user",
      uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
      has_2fa_enabled: null,
      username: "evzijst",
      is_staff: false,
      account_id: "557058:ba8948b2-49da-43a9-9e8b-e7249b8e324a",
      nickname: "evzijst",
      account_status: "active",
    },
  },
  user: {
    id: "557058:ba8948b2-49da-43a9-9e8b-e7249b8e324a",
    name: "Erik van Zijst",
    email: null,
    image:
      "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/initials/EZ-5.png",
  },
});
