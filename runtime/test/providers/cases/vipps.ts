import { defineCase } from "../case.js";

// https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide/core-concepts/ (scopes,
//   the ID token, userinfo)
// https://developer.vippsmobilepay.com/api/login (the well-known document, /oauth2/auth,
//   /oauth2/token with client_secret_basic, the userinfo answer)
// https://api.vipps.no/access-management-1.0/access/.well-known/openid-configuration
// Unconfirmed: the exact userinfo URL in the production discovery document (taken from the
// API reference); the preset reads it from discovery, so a different one still works.
const issuer = "https://api.vipps.no/access-management-1.0/access/";
export default defineCase({
  authorization: {
    url: `${issuer}oauth2/auth`,
    scope: "openid name email",
    pkce: true,
    state: true,
    nonce: true,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}oauth2/auth`,
    token_endpoint: `${issuer}oauth2/token`,
    jwks_uri: `${issuer}.well-known/jwks.json`,
    userinfo_endpoint: "https://api.vipps.no/vipps-userinfo-api/userinfo",
    subject_types_supported: ["pairwise", "public"],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    scopes_supported: ["openid", "address", "name", "email", "phoneNumber", "nin", "birthDate"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["S256"],
    claims_parameter_supported: false,
    request_parameter_supported: true,
  },
  token: {
    url: `${issuer}oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token:
        "hel39XaKjGH5tkCvIENGPNbsSHz1DLKluOat4qP-A4.WyV61hCK1E2snVs1aOvjOWZOXOayZad0K-Qfo3lLzus",
      expires_in: 3599,
      scope: "openid name email",
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
  idTokenClaims: { sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944", amr: ["otp"] },
  userinfo: {
    url: "https://api.vipps.no/vipps-userinfo-api/userinfo",
    response: {
      sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
      sid: "7d78a726-af92-499e-b857-de263ef9a969",
      name: "Ada Nordmann",
      given_name: "Ada",
      family_name: "Nordmann",
      email: "ada.nordmann@example.test",
      email_verified: true,
    },
  },
  user: {
    id: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
    name: "Ada Nordmann",
    email: "ada.nordmann@example.test",
  },
});
