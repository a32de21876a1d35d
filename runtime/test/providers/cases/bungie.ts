import { defineCase } from "../case.js";

// https://github.com/Bungie-net/api/wiki/OAuth-Documentation (authorize, state, confidential
// clients with HTTP Basic, the token response's membership_id, X-API-Key on API calls)
// https://bungie-net.github.io/multi/operation_get_User-GetMembershipsForCurrentUser.html
export default defineCase({
  options: { apiKey: "bungie-api-key-example" },
  authorization: {
    url: "https://www.bungie.net/en/OAuth/Authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://www.bungie.net/platform/app/oauth/token/",
    authMethod: "client_secret_basic",
    response: {
      access_token: "CKWJEhKGAgAgexample",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "CJiJEhKGAgAgexample-refresh",
      refresh_expires_in: 7776000,
      membership_id: "4611686018",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "AuthorizationCodeInvalid" },
    },
  },
  userinfo: {
    url: "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/",
    response: {
      Response: {
        destinyMemberships: [
          { membershipType: 3, membershipId: "4611686018467000000", displayName: "Guardian" },
        ],
        bungieNetUser: {
          membershipId: "4611686018",
          uniqueName: "Guardian#1234",
          displayName: "Guardian",
          profilePicture: 70519,
          profilePicturePath: "/img/profile/avatars/bungie_day_15_27.jpg",
          isDeleted: false,
          firstAccess: "2017-09-06T00:00:00.000Z",
          locale: "en",
        },
      },
      ErrorCode: 1,
      ThrottleSeconds: 0,
      ErrorStatus: "Success",
      Message: "Ok",
      MessageData: {},
    },
  },
  user: {
    id: "4611686018",
    name: "Guardian",
    email: null,
    image: "https://www.bungie.net/img/profile/avatars/bungie_day_15_27.jpg",
  },
});
