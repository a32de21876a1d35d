import { defineCase } from "../case.js";

// https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
// https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html
//   (OCS-APIRequest header, the `ocs.meta` / `ocs.data` envelope, and "User metadata":
//   `GET /ocs/v1.php/cloud/users/USERID`, which a user may call for their own account)
// The token response's `user_id` is not on those pages; Nextcloud's server sends it
// (apps/oauth2/lib/Controller/OauthApiController.php), and Auth.js's preset relies on it too.
const server = "https://cloud.example.test";
export default defineCase({
  options: { issuer: server },
  authorization: {
    url: `${server}/apps/oauth2/authorize`,
    scope: "profile",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: `${server}/apps/oauth2/api/v1/token`,
    authMethod: "client_secret_basic",
    response: {
      access_token: "k7Fq2mXr9PzLw4Tn8Yb3Vc6Hd1Js5Ga0Qe2Ru7Io4Ux9Sy3Mk8Nl1Bv6Cf2Dh5Gj",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "Rf3Gh8Jk2Lm7Np1Qr6St0Uv5Wx9Yz4Ab3Cd8Ef2Gh7Ij1Kl6Mn0Op5Qr9St4Uv8W",
      user_id: "alice",
    },
    error: { status: 400, body: { error: "invalid_request" } },
  },
  userinfo: {
    url: `${server}/ocs/v1.php/cloud/users/alice`,
    response: {
      ocs: {
        meta: { status: "ok", statuscode: 100, message: "OK" },
        data: {
          enabled: true,
          storageLocation: "/var/www/html/data/alice",
          id: "alice",
          lastLogin: 1_700_000_000_000,
          backend: "Database",
          quota: { free: 1_000_000, used: 2_048, total: 1_002_048, relative: 0.2, quota: -3 },
          email: "alice@example.test",
          additional_mail: [],
          displayname: "Alice Martin",
          phone: "",
          address: "",
          website: "",
          twitter: "",
          fediverse: "",
          organisation: "",
          role: "",
          headline: "",
          biography: "",
          profile_enabled: "1",
          groups: ["admin"],
          language: "en",
          locale: "",
          backendCapabilities: { setDisplayName: true, setPassword: true },
        },
      },
    },
  },
  user: {
    id: "alice",
    name: "Alice Martin",
    email: "alice@example.test",
    image: "https://cloud.example.test/avatar/alice/512",
  },
});
