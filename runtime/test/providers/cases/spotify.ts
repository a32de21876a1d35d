import { defineCase } from "../case.js";

// https://developer.spotify.com/documentation/web-api/tutorials/code-flow
// https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile
export default defineCase({
  authorization: {
    url: "https://accounts.spotify.com/authorize",
    scope: "user-read-email",
    pkce: true,
    state: false,
    nonce: false,
  },
  token: {
    url: "https://accounts.spotify.com/api/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "NgCXRK-example-MzYjw",
      token_type: "Bearer",
      scope: "user-read-email",
      expires_in: 3600,
      refresh_token: "NgAagA-example-Um_SHo",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    },
  },
  userinfo: {
    url: "https://api.spotify.com/v1/me",
    response: {
      country: "SE",
      display_name: "Lisa Listener",
      email: "lisa@example.test",
      explicit_content: { filter_enabled: false, filter_locked: false },
      external_urls: { spotify: "https://open.spotify.com/user/lisa" },
      followers: { href: null, total: 12 },
      href: "https://api.spotify.com/v1/users/lisa",
      id: "lisa",
      images: [
        { url: "https://i.scdn.co/image/ab6775700000ee85-large", height: 300, width: 300 },
        { url: "https://i.scdn.co/image/ab67757000003b82-small", height: 64, width: 64 },
      ],
      product: "premium",
      type: "user",
      uri: "spotify:user:lisa",
    },
  },
  user: {
    id: "lisa",
    name: "Lisa Listener",
    email: "lisa@example.test",
    image: "https://i.scdn.co/image/ab6775700000ee85-large",
  },
});
