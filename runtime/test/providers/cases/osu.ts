import { defineCase } from "../case.js";

// https://osu.ppy.sh/docs/#authorization-code-grant (authorize with scope and state, POST
// /oauth/token with client_id, client_secret, code, grant_type and redirect_uri in the body, its
// answer; the `identify` scope for /me)
// https://osu.ppy.sh/docs/#get-own-data (GET /api/v2/me, a UserExtended)
// The page lists the client credentials as body parameters and says nothing of PKCE; osu!'s
// server is open source (github.com/ppy/osu-web: Laravel Passport, whose league/oauth2-server
// token endpoint reads the credentials from HTTP Basic when the body has none, and checks a
// `code_verifier` when the authorization request carried a `code_challenge`). The preset sends
// what Auth.js's does, Basic and PKCE, which that server takes.
// Not from osu!'s pages: the token error body (league/oauth2-server's shape: `error` and
// `hint`).
export default defineCase({
  authorization: {
    url: "https://osu.ppy.sh/oauth/authorize",
    scope: "identify",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://osu.ppy.sh/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      token_type: "Bearer",
      expires_in: 86400,
      access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.osu-access-example",
      refresh_token: "def50200osu-refresh-example",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", hint: "Authorization code has been revoked" },
    },
  },
  userinfo: {
    url: "https://osu.ppy.sh/api/v2/me",
    response: {
      avatar_url: "https://a.ppy.sh/7562902?1700000000.jpeg",
      country_code: "NZ",
      default_group: "default",
      id: 7562902,
      is_active: true,
      is_bot: false,
      is_deleted: false,
      is_online: false,
      is_supporter: false,
      last_visit: "2026-11-26T08:00:00+00:00",
      pm_friends_only: false,
      profile_colour: null,
      username: "circle_clicker",
      join_date: "2015-12-24T10:00:00+00:00",
      playmode: "osu",
    },
  },
  user: {
    id: "7562902",
    name: "circle_clicker",
    email: null,
    image: "https://a.ppy.sh/7562902?1700000000.jpeg",
  },
});
