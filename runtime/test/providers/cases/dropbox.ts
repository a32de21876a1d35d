import { defineCase } from "../case.js";

// https://developers.dropbox.com/oauth-guide (scopes, token_access_type=offline, PKCE)
// https://www.dropbox.com/developers/documentation/http/documentation#oauth2-token
// https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account
export default defineCase({
  authorization: {
    url: "https://www.dropbox.com/oauth2/authorize",
    scope: "account_info.read",
    pkce: true,
    state: false,
    nonce: false,
    params: { token_access_type: "offline" },
  },
  token: {
    url: "https://api.dropboxapi.com/oauth2/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "sl.u.AbX9y6Fe3AuH5o66-example",
      expires_in: 14400,
      token_type: "bearer",
      scope: "account_info.read",
      refresh_token: "nBiM85CZALsAAAAAAAAAAQXHBoNpNutK4ngsXHsqW4i-example",
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      uid: "12345",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "code doesn't exist or has expired" },
    },
  },
  userinfo: {
    url: "https://api.dropboxapi.com/2/users/get_current_account",
    response: {
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: {
        abbreviated_name: "FD",
        display_name: "Franz Ferdinand (Personal)",
        familiar_name: "Franz",
        given_name: "Franz",
        surname: "Ferdinand",
      },
      email: "franz@example.test",
      email_verified: true,
      disabled: false,
      locale: "en",
      referral_link: "https://db.tt/ZITNuhtI",
      is_paired: false,
      account_type: { ".tag": "basic" },
      root_info: { ".tag": "user", home_namespace_id: "3235641", root_namespace_id: "3235641" },
      profile_photo_url:
        "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
      country: "US",
    },
  },
  user: {
    id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
    name: "Franz Ferdinand (Personal)",
    email: "franz@example.test",
    image:
      "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
  },
});
