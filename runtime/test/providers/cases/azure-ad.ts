import { defineCase } from "../case.js";

// Azure AD is the former name of Microsoft Entra ID: the same endpoints and claims.
// https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
// https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
// https://login.microsoftonline.com/{tenant}/v2.0/.well-known/openid-configuration
const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";
const issuer = `https://login.microsoftonline.com/${tenant}/v2.0`;
export default defineCase({
  // The older option: the preset builds the issuer from it.
  options: { tenantId: tenant },
  authorization: {
    url: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: false,
    nonce: false,
  },
  discovery: {
    token_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: [
      "client_secret_post",
      "private_key_jwt",
      "client_secret_basic",
    ],
    jwks_uri: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
    response_modes_supported: ["query", "fragment", "form_post"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
    scopes_supported: ["openid", "profile", "email", "offline_access"],
    issuer,
    request_uri_parameter_supported: false,
    userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
    authorization_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
    end_session_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/logout`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    claims_supported: [
      "sub",
      "iss",
      "aud",
      "exp",
      "iat",
      "auth_time",
      "acr",
      "nonce",
      "preferred_username",
      "name",
      "tid",
      "ver",
      "at_hash",
      "c_hash",
      "email",
    ],
    kerberos_endpoint: `https://login.microsoftonline.com/${tenant}/kerberos`,
    tenant_region_scope: "EU",
    cloud_instance_name: "microsoftonline.com",
  },
  token: {
    url: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    authMethod: "client_secret_basic",
    response: {
      token_type: "Bearer",
      scope: "openid profile email",
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: "eyJ0eXAiOiJKV1Qi.example.access",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.",
        error_codes: [70008],
        timestamp: "2024-05-01 10:00:00Z",
        trace_id: "0000aaaa-11bb-cccc-dd22-eeeeee333333",
        correlation_id: "aaaa0000-bb11-2222-33cc-444444dddddd",
      },
    },
  },
  idTokenClaims: {
    ver: "2.0",
    sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    oid: "00000000-0000-0000-66f3-3332eca7ea81",
    tid: tenant,
    name: "Ada Lovelace",
    preferred_username: "adal@example.test",
    email: "ada@example.test",
    aio: "Df2UVXL1ix!lMCWMSOJBcFatzcGfvFGhjKv8q5g0x732dR5MB5BisvGQO7YWByjd8iQDLq!eGbIDakyp5mnOrcdqHeYSnltepQmRp6AIZ8jY",
  },
  // `preferred_username` is not an email: only `email` is used.
  user: {
    id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    name: "Ada Lovelace",
    email: "ada@example.test",
    image: null,
  },
});
