import { defineCase } from "../case.js";

// https://docs.esi.evetech.net/docs/sso/web_based_sso_flow.html (authorize, token, Basic auth)
// https://docs.esi.evetech.net/docs/sso/validating_eve_jwt.html (the JWT's claims; validate the
//   signature against the JWKS from /.well-known/oauth-authorization-server, `iss`, `aud`, `exp`)
// https://login.eveonline.com/.well-known/oauth-authorization-server (jwks_uri /oauth/jwks)
// https://developers.eveonline.com/blog/article/sso-endpoint-deprecations-2 (/oauth/verify is
//   deprecated: validate the JWT client-side)
// https://docs.esi.evetech.net/docs/image_server.html (character portraits)
// Unconfirmed: the exact token error body (EVE's SSO answers RFC 6749 §5.2 `error` fields).
export default defineCase({
  authorization: {
    url: "https://login.eveonline.com/v2/oauth/authorize",
    scope: "publicData",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://login.eveonline.com/v2/oauth/token",
    authMethod: "client_secret_basic",
    // The fake replaces `access_token` with a JWT signed for `accessToken.claims`.
    response: {
      access_token: "replaced-by-a-signed-jwt",
      expires_in: 1199,
      token_type: "Bearer",
      refresh_token: "gEy8f3W2bUuNVHOQ3Yx9Zw==",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Authorization code not found" },
    },
  },
  accessToken: {
    jwks_uri: "https://login.eveonline.com/oauth/jwks",
    claims: (clientId) => ({
      scp: "publicData",
      jti: "3f9a3c1e-5f8b-4b8e-9d1a-8b2c7f4e6a10",
      kid: "JWT-Signature-Key",
      sub: "CHARACTER:EVE:2112625428",
      azp: clientId,
      tenant: "tranquility",
      tier: "live",
      region: "world",
      aud: [clientId, "EVE Online"],
      name: "Kira Nakamura",
      owner: "pQ3sQx0m5dS9wYw1a2B3c4D5e6F=",
      iss: "https://login.eveonline.com",
    }),
  },
  user: {
    id: "2112625428",
    name: "Kira Nakamura",
    email: null,
    image: "https://images.evetech.net/characters/2112625428/portrait?size=128",
  },
});
