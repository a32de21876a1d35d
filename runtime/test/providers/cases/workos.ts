import { defineCase } from "../case.js";

// https://workos.com/docs/reference/sso/get-authorization-url
// https://workos.com/docs/reference/sso/profile/get-profile-and-token (POST /sso/token: its
//   answer carries `token_type: "Bearer"`, `expires_in` and the profile)
// https://workos.com/docs/reference/sso/profile/get-user-profile (GET /sso/profile)
const profile = {
  object: "profile",
  id: "prof_01DMC79VCBZ0NY2099737PSVF1",
  connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
  connection_type: "OktaSAML",
  organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
  email: "todd@example.test",
  first_name: "Todd",
  last_name: "Rundgren",
  idp_id: "00u1a0ufowBJlzPlk357",
  role: { slug: "admin" },
  raw_attributes: {},
};
export default defineCase({
  options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
  authorization: {
    url: "https://api.workos.com/sso/authorize",
    scope: null,
    pkce: true,
    state: true,
    nonce: false,
    params: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
  },
  token: {
    url: "https://api.workos.com/sso/token",
    authMethod: "client_secret_post",
    response: {
      token_type: "Bearer",
      access_token: "01DMEK0J53CVMC32CK5SE0KZ8Q",
      expires_in: 600,
      profile,
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description: "The code 'xyz' has expired or is invalid.",
      },
    },
  },
  userinfo: { url: "https://api.workos.com/sso/profile", response: profile },
  user: {
    id: "prof_01DMC79VCBZ0NY2099737PSVF1",
    name: "Todd Rundgren",
    email: "todd@example.test",
    image: null,
  },
});
