import { defineCase } from "../case.js";

// https://developer.todoist.com/api/v1/#tag/Authorization/OAuth (authorize with client_id,
// comma-separated scope and a required state; POST /oauth/access_token with client_id,
// client_secret and code; the answer's access_token and token_type)
// https://developer.todoist.com/api/v1/#tag/User (GET /api/v1/user; the avatars may be absent)
// https://github.com/Doist/todoist-api-python, todoist_api_python/_core/endpoints.py (Todoist's
// own client: the OAuth endpoints under https://todoist.com/oauth, the API under /api/v1)
// Not confirmed from Todoist's docs: the token error body (a standard OAuth 2 error code is
// assumed here).
export default defineCase({
  authorization: {
    url: "https://todoist.com/oauth/authorize",
    scope: "data:read",
    pkce: false,
    state: true,
    nonce: false,
  },
  token: {
    url: "https://todoist.com/oauth/access_token",
    authMethod: "client_secret_post",
    response: { access_token: "0123456789abcdef0123456789abcdef01234567", token_type: "Bearer" },
    error: { status: 400, body: { error: "invalid_grant" } },
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
