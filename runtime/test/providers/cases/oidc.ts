import { defineCase } from "../case.js";

// OpenID Connect Discovery 1.0 §3 and Core 1.0 §3.1.3.3 (token response), §5.1 (standard claims):
// any provider, here a corporate issuer.
const issuer = "https://sso.corp.example";
export default defineCase({
  options: { issuer },
  authorization: {
    url: `${issuer}/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
  },
  token: {
    url: `${issuer}/token`,
    authMethod: "client_secret_basic",
    response: { access_token: "SlAV32hkKG", token_type: "Bearer", expires_in: 3600 },
    error: { status: 400, body: { error: "invalid_grant" } },
  },
  idTokenClaims: {
    sub: "248289761001",
    name: "Jane Doe",
    email: "janedoe@example.test",
    email_verified: true,
    picture: "https://sso.corp.example/janedoe/me.jpg",
  },
  user: {
    id: "248289761001",
    name: "Jane Doe",
    email: "janedoe@example.test",
    image: "https://sso.corp.example/janedoe/me.jpg",
  },
});
