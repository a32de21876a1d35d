import { defineCase } from "../case.js";

// https://developers.strava.com/docs/authentication/ (authorize with approval_prompt, token
// with client_id/client_secret in the body, its summary athlete, errors; the page's example
// token requests go to `/api/v3/oauth/token`, as Auth.js's preset does; no PKCE)
// https://developers.strava.com/docs/reference/#api-Athletes-getLoggedInAthlete
export default defineCase({
  authorization: {
    url: "https://www.strava.com/oauth/authorize",
    scope: "read",
    pkce: false,
    state: true,
    nonce: false,
    params: { approval_prompt: "auto" },
  },
  token: {
    url: "https://www.strava.com/api/v3/oauth/token",
    authMethod: "client_secret_post",
    response: {
      token_type: "Bearer",
      expires_at: 1568775134,
      expires_in: 21600,
      refresh_token: "e5n567567-example-refresh",
      access_token: "a4b945687g-example-access",
      athlete: { id: 134815, username: "marianne_t", firstname: "Marianne", lastname: "T." },
    },
    error: {
      status: 400,
      body: {
        message: "Bad Request",
        errors: [{ resource: "AuthorizationCode", field: "code", code: "invalid" }],
      },
    },
  },
  userinfo: {
    url: "https://www.strava.com/api/v3/athlete",
    response: {
      id: 134815,
      username: "marianne_t",
      resource_state: 3,
      firstname: "Marianne",
      lastname: "T.",
      city: "San Francisco",
      state: "CA",
      country: "US",
      sex: "F",
      premium: true,
      created_at: "2017-11-14T02:30:05Z",
      updated_at: "2018-02-06T19:32:20Z",
      profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/medium.jpg",
      profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
      follower_count: 5,
      friend_count: 5,
      measurement_preference: "feet",
      weight: 0,
    },
  },
  user: {
    id: "134815",
    name: "Marianne T.",
    email: null,
    image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
  },
});
