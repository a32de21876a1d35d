import { defineCase } from "../case.js";

// https://www.mediawiki.org/wiki/OAuth/For_Developers (OAuth 2: rest.php/oauth2/authorize,
//   access_token with client_id and client_secret in the body, PKCE, resource/profile)
// https://api.wikimedia.org/wiki/Authentication (the token answer, the profile's fields)
// https://meta.wikimedia.org/wiki/User-Agent_policy (clients name themselves)
// The pages show the credentials in the body; the OAuth extension's token endpoint
// (github.com/wikimedia/mediawiki-extensions-OAuth, src/Rest/Handler/AccessToken.php) hands the
// request to league/oauth2-server, which also reads them from HTTP Basic, as Auth.js sends them.
// Not confirmed from Wikimedia's pages: the exact body of a token error (the case uses the
// RFC 6749 shape the OAuth extension's library answers).
export default defineCase({
  authorization: {
    url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    scope: null,
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    authMethod: "client_secret_basic",
    response: {
      token_type: "Bearer",
      expires_in: 14_400,
      access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.example",
      refresh_token: "def50200example",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
        message: "Authorization code has been revoked",
      },
    },
  },
  userinfo: {
    url: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    response: {
      sub: "51234567",
      username: "Example Editor",
      editcount: 1234,
      confirmed_email: true,
      blocked: false,
      registered: "20150102030405",
      groups: ["*", "user", "autoconfirmed"],
      rights: ["read", "edit", "createaccount"],
      grants: ["mwoauth-authonlyprivate"],
      realname: "",
      email: "editor@example.test",
    },
  },
  user: { id: "51234567", name: "Example Editor", email: "editor@example.test", image: null },
});
