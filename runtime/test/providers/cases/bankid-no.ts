import { defineCase } from "../case.js";

// https://confluence.bankidnorge.no/confluence/pdoidcl/technical-documentation/core-concepts/id-token
// https://confluence.bankidnorge.no/confluence/pdoidcl/technical-documentation/api/userinfo
//   ("Userinfo returns signed responses in JWT format", with `aud` the client and `iss` the
//   userinfo server's base URL)
// https://confluence.bankidnorge.no/confluence/pdoidcl/technical-documentation/core-concepts/identity-providers
//   (`login_hint` picks the IDP option: BIS is the BankID app)
// https://auth.bankid.no/auth/realms/prod/.well-known/openid-configuration (a Keycloak realm)
// https://developer.bankid.no/bankid-oidc-provider/api/openid-configuration (the test issuer
//   `https://auth.current.bankid.no/auth/realms/current`; its userinfo is on another host)
// Unconfirmed: the exact error body (Keycloak's RFC 6749 §5.2 form here); production's userinfo
// host (the test environment's is `userinfo.current.bankid.no`; the realm's path is kept here);
// and the userinfo JWT's `iss`, left out here: BankID names it the userinfo server's base URL,
// and a value other than the issuer would be refused by oauth4webapi (so by both libraries).
const issuer = "https://auth.bankid.no/auth/realms/prod";
const oidc = `${issuer}/protocol/openid-connect`;
export default defineCase({
  authorization: {
    url: `${oidc}/auth`,
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: true,
    params: { ui_locales: "no", login_hint: "BIS" },
  },
  discovery: {
    issuer,
    authorization_endpoint: `${oidc}/auth`,
    token_endpoint: `${oidc}/token`,
    userinfo_endpoint: `${oidc}/userinfo`,
    end_session_endpoint: `${oidc}/logout`,
    jwks_uri: `${oidc}/certs`,
    grant_types_supported: ["authorization_code", "refresh_token"],
    response_types_supported: ["code"],
    subject_types_supported: ["public", "pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    userinfo_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    code_challenge_methods_supported: ["plain", "S256"],
    scopes_supported: ["openid", "profile", "email", "phone", "address", "nnin_altsub"],
    ui_locales_supported: ["no", "nb", "nn", "en"],
  },
  token: {
    url: `${oidc}/token`,
    authMethod: "client_secret_post",
    response: {
      access_token: "eyJhbGciOiJSUzI1NiJ9.bankid-access.example",
      expires_in: 300,
      refresh_expires_in: 1800,
      token_type: "Bearer",
      "not-before-policy": 0,
      session_state: "2e1a9f4c-7d2b-4b7e-8c1d-5f3a6b9e0c21",
      scope: "openid profile email",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "Code not valid" },
    },
  },
  idTokenClaims: {
    sub: "9f1c3e5a-2b4d-4c6e-8f0a-1b3d5f7a9c2e",
    typ: "ID",
    auth_time: 1735689600,
    session_state: "2e1a9f4c-7d2b-4b7e-8c1d-5f3a6b9e0c21",
    acr: "urn:bankid:bid;LOA=4",
    amr: "BIS",
    name: "Kari Nordmann",
    given_name: "Kari",
    family_name: "Nordmann",
    birthdate: "1990-02-17",
  },
  userinfo: {
    url: `${oidc}/userinfo`,
    signed: true,
    response: {
      sub: "9f1c3e5a-2b4d-4c6e-8f0a-1b3d5f7a9c2e",
      name: "Kari Nordmann",
      given_name: "Kari",
      family_name: "Nordmann",
      birthdate: "1990-02-17",
      email: "kari.nordmann@example.test",
      updated_at: 1735689000,
    },
  },
  user: {
    id: "9f1c3e5a-2b4d-4c6e-8f0a-1b3d5f7a9c2e",
    name: "Kari Nordmann",
    email: "kari.nordmann@example.test",
    image: null,
  },
});
