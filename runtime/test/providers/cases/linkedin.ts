import { defineCase } from "../case.js";

// https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
// https://www.linkedin.com/oauth/.well-known/openid-configuration
export default defineCase({
  authorization: {
    url: "https://www.linkedin.com/oauth/v2/authorization",
    scope: "openid profile email",
    pkce: false,
    state: true,
    nonce: false,
  },
  discovery: {
    issuer: "https://www.linkedin.com/oauth",
    authorization_endpoint: "https://www.linkedin.com/oauth/v2/authorization",
    token_endpoint: "https://www.linkedin.com/oauth/v2/accessToken",
    userinfo_endpoint: "https://api.linkedin.com/v2/userinfo",
    jwks_uri: "https://www.linkedin.com/oauth/openid/jwks",
    response_types_supported: ["code"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "profile", "email"],
    claims_supported: [
      "iss",
      "aud",
      "iat",
      "exp",
      "sub",
      "name",
      "given_name",
      "family_name",
      "picture",
      "email",
      "email_verified",
      "locale",
    ],
  },
  token: {
    url: "https://www.linkedin.com/oauth/v2/accessToken",
    authMethod: "client_secret_post",
    response: {
      access_token: "AQUvlL_DYEzvT2wz1QJiEPeLioeA.example",
      expires_in: 5184000,
      scope: "email,openid,profile",
      token_type: "Bearer",
    },
    error: {
      status: 400,
      body: {
        error: "invalid_request",
        error_description:
          "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists",
      },
    },
  },
  idTokenClaims: {
    sub: "782bbtaQ",
    name: "John Doe",
    given_name: "John",
    family_name: "Doe",
    picture:
      "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
    locale: "en-US",
    email: "doe@example.test",
    email_verified: true,
  },
  user: {
    id: "782bbtaQ",
    name: "John Doe",
    email: "doe@example.test",
    image:
      "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
  },
});
