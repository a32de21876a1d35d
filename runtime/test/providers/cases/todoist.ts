import { defineCase } from "../case.js";

// https://developer.todoist.com/api/v1/#tag/Authorization/OAuth (authorize with client_id,
// comma-separated scope and a required state; POST https://api.todoist.com/oauth/access_token
// with client_id, client_secret and code; the answer's access_token and token_type)
// https://developer.todoist.com/api/v1/#tag/User (GET /api/v1/user)
// Not confirmed from Todoist's docs: the exact token error body (the docs name `bad_authorization_code`
// among the OAuth errors without showing the JSON).
export default defineCase({
  authorization: {
    url: "https://app.todoist.com/oauth/authorize",
    scope: "data:read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://api.todoist.com/oauth/access_token",
    authMethod: "client_secret_post",
    response: { access_token: "0123456789abcdef0123456789abcdef01234567", token_type: "Bearer" },
    error: { status: 400, body: { error: "bad_authorization_code" } },
  },
  userinfo: {
    url: "https://api.todoist.com/api/v1/user",
    response: {
      id: "2671355",
      email: "noor@example.test",
      full_name: "Noor Planner",
      avatar_big: "https://dcff1xvirvpfp.cloudfront.net/example_big.jpg",
      avatar_medium: "https://dcff1xvirvpfp.cloudfront.net/example_medium.jpg",
      avatar_s640: "https://dcff1xvirvpfp.cloudfront.net/example_s640.jpg",
      avatar_small: "https://dcff1xvirvpfp.cloudfront.net/example_small.jpg",
      is_premium: false,
      lang: "en",
      tz_info: { timezone: "Asia/Dubai", gmt_string: "+04:00", hours: 4, minutes: 0, is_dst: 0 },
      start_page: "today",
    },
  },
  user: {
    id: "2671355",
    name: "Noor Planner",
    email: "noor@example.test",
    image: "https://dcff1xvirvpfp.cloudfront.net/example_big.jpg",
  },
});
