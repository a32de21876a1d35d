import { defineCase } from "../case.js";

// https://api.intra.42.fr/apidoc/guides/web_application_flow (authorize, token, scopes)
// https://api.intra.42.fr/apidoc/2.0/users/me.html (GET /v2/me)
export default defineCase({
  authorization: {
    url: "https://api.intra.42.fr/oauth/authorize",
    scope: "public",
    pkce: true,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.intra.42.fr/oauth/token",
    authMethod: "client_secret_post",
    response: {
      access_token: "42ebdd3a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e",
      token_type: "bearer",
      expires_in: 7200,
      refresh_token: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
      scope: "public",
      created_at: 1_700_000_000,
      secret_valid_until: 1_710_000_000,
    },
    error: {
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      },
    },
  },
  userinfo: {
    url: "https://api.intra.42.fr/v2/me",
    response: {
      id: 2,
      email: "andre@42.example.test",
      login: "andre",
      first_name: "André",
      last_name: "Aubin",
      usual_full_name: "Juliette Aubin",
      usual_first_name: "Juliette",
      url: "https://api.intra.42.fr/v2/users/andre",
      phone: "hidden",
      displayname: "André Aubin",
      kind: "admin",
      image: {
        link: "https://cdn.intra.42.example.test/users/andre.jpg",
        versions: {
          large: "https://cdn.intra.42.example.test/users/large_andre.jpg",
          medium: "https://cdn.intra.42.example.test/users/medium_andre.jpg",
          small: "https://cdn.intra.42.example.test/users/small_andre.jpg",
          micro: "https://cdn.intra.42.example.test/users/micro_andre.jpg",
        },
      },
      "staff?": false,
      correction_point: 4,
      pool_month: "july",
      pool_year: "2016",
      location: null,
      wallet: 0,
      anonymize_date: "2030-01-01T00:00:00.000+01:00",
      created_at: "2017-11-22T13:41:00.825Z",
      updated_at: "2024-11-22T13:41:26.243Z",
      alumni: false,
      "active?": true,
      cursus_users: [],
      projects_users: [],
      campus: [],
    },
  },
  user: {
    id: "2",
    name: "Juliette Aubin",
    email: "andre@42.example.test",
    image: "https://cdn.intra.42.example.test/users/andre.jpg",
  },
});
