import { defineCase } from "../case.js";

// https://developers.notion.com/docs/authorization (public integrations: authorize with
// owner=user, token exchange with HTTP Basic)
// https://developers.notion.com/reference/get-self (GET /v1/users/me: the bot and its owner)
export default defineCase({
  authorization: {
    url: "https://api.notion.com/v1/oauth/authorize",
    scope: null,
    pkce: false,
    state: true,
    nonce: false,
    params: { owner: "user" },
  },
  token: {
    url: "https://api.notion.com/v1/oauth/token",
    authMethod: "client_secret_basic",
    response: {
      access_token: "secret_e4b1-example",
      token_type: "bearer",
      bot_id: "b3414d659-1224-5ty7-6ffr-cc9d8773drt6",
      workspace_name: "Ada's Notion",
      workspace_icon: "https://example.test/icon.png",
      workspace_id: "j565j4d7x3-2882-61bs-564a-jj9d9ui-c36hxfr7x",
      owner: { type: "user", user: { object: "user", id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6" } },
      duplicated_template_id: null,
      request_id: "f00f1d9c-1b47-4f0b-a0a5-6c7a6e0c2f4e",
    },
    error: { status: 400, body: { error: "invalid_grant", error_description: "Invalid code." } },
  },
  userinfo: {
    url: "https://api.notion.com/v1/users/me",
    response: {
      object: "user",
      id: "16d84278-ab0e-484c-9bdd-b35da3bd8905",
      name: "pied piper",
      avatar_url: null,
      type: "bot",
      bot: {
        owner: {
          type: "user",
          user: {
            object: "user",
            id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
            name: "Ada Lovelace",
            avatar_url: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/ada.png",
            type: "person",
            person: { email: "ada@example.test" },
          },
        },
        workspace_name: "Ada's Notion",
      },
    },
  },
  user: {
    id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
    name: "Ada Lovelace",
    email: "ada@example.test",
    image: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/ada.png",
  },
});
