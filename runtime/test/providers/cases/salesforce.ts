import { defineCase } from "../case.js";

// https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm
// https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm
// https://login.salesforce.com/.well-known/openid-configuration
const issuer = "https://login.salesforce.com";
const identity = "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P";
export default defineCase({
  authorization: {
    url: `${issuer}/services/oauth2/authorize`,
    scope: "openid profile email",
    pkce: true,
    state: true,
    nonce: true,
  },
  discovery: {
    issuer,
    authorization_endpoint: `${issuer}/services/oauth2/authorize`,
    token_endpoint: `${issuer}/services/oauth2/token`,
    revocation_endpoint: `${issuer}/services/oauth2/revoke`,
    userinfo_endpoint: `${issuer}/services/oauth2/userinfo`,
    jwks_uri: `${issuer}/id/keys`,
    scopes_supported: [
      "id",
      "api",
      "web",
      "full",
      "chatter_api",
      "refresh_token",
      "openid",
      "profile",
      "email",
      "address",
      "phone",
      "offline_access",
    ],
    response_types_supported: ["code", "token", "token id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    display_values_supported: ["page", "popup", "touch"],
    token_endpoint_auth_methods_supported: [
      "client_secret_post",
      "client_secret_basic",
      "private_key_jwt",
    ],
  },
  token: {
    url: `${issuer}/services/oauth2/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "00Dx0000000BV7z!AR8AQBM8J_xr9kLqmZIRyQxZgLcM4HVi41aGtW0qW3JCzf5xd",
      signature: "CMJ4l+CCaPQiKjoOEwEig9H4wqhpuLSk4J2urAe+fVg=",
      scope: "openid profile email",
      instance_url: "https://yourInstance.salesforce.com",
      id: identity,
      token_type: "Bearer",
      issued_at: "1278448384422",
    },
    error: {
      status: 400,
      body: { error: "invalid_grant", error_description: "expired authorization code" },
    },
  },
  // The ID token is checked, but the user comes from the userinfo endpoint (as in Auth.js).
  idTokenClaims: {
    sub: identity,
    at_hash: "m6ChgPbe6nIo6GcFgl8Zeg",
    auth_time: 1_700_000_000,
  },
  userinfo: {
    url: `${issuer}/services/oauth2/userinfo`,
    response: {
      sub: identity,
      user_id: "005x00000012Q9P",
      organization_id: "00Dx0000000BV7z",
      preferred_username: "admin@example.test",
      nickname: "admin",
      name: "Admin User",
      email: "admin@example.test",
      email_verified: true,
      given_name: "Admin",
      family_name: "User",
      zoneinfo: "America/Los_Angeles",
      photos: {
        picture: "https://yourInstance.file.force.com/profilephoto/005/F",
        thumbnail: "https://yourInstance.file.force.com/profilephoto/005/T",
      },
      profile: identity,
      picture: "https://yourInstance.file.force.com/profilephoto/005/F",
      user_type: "STANDARD",
      language: "en_US",
      locale: "en_US",
      utcOffset: -28800000,
      updated_at: "2024-05-01T10:00:00Z",
    },
  },
  user: {
    id: identity,
    name: "Admin User",
    email: "admin@example.test",
    image: "https://yourInstance.file.force.com/profilephoto/005/F",
  },
});
