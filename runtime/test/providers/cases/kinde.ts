import { defineCase } from "../case.js";

// https://docs.kinde.com/developer-tools/about/using-kinde-without-an-sdk/ (endpoints, PKCE)
// https://docs.kinde.com/build/tokens/about-id-tokens/ (ID token claims: `name` is the user's
//   first and last name, besides `given_name` and `family_name`)
const issuer = "https://roadrunner.kinde.com";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/oauth2/auth`,
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/auth`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/v2/user_profile`,
    end_session_endpoint: `${issuer}/logout`,
    jwks_uri: `${issuer}/.well-known/jwks`,
    scopes_supported: ["openid", "profile", "email", "offline"],
    response_types_supported: ["code", "token"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
  },
  token: {
    url: `${issuer}/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiIs.example.kinde",
      expires_in: 86399,
      scope: "openid profile email",
      token_type: "bearer",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    },
  },
  idTokenClaims: {
    sub: "kp_0123456789abcdef0123456789abcdef",
    at_hash: "Vq2x9c",
    auth_time: 1_700_000_000,
    azp: "client-id-from-the-console",
    name: "Road Runner",
    given_name: "Road",
    family_name: "Runner",
    email: "road@example.test",
    picture: "https://gravatar.example.test/road.png",
    org_codes: ["org_123abc"],
    updated_at: 1_699_000_000,
  },
  user: {
    id: "kp_0123456789abcdef0123456789abcdef",
    name: "Road Runner",
    email: "road@example.test",
    image: "https://gravatar.example.test/road.png",
  },
});
