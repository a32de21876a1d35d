/**
 * The endpoint scenarios of the differential suite: each drives a fresh browser (cookie jar)
 * through one request, or a few, and returns the response a user sees last.
 */
import type { TestClient } from "../helpers.js";

export type Scenario = (client: TestClient) => Promise<Response>;

async function signedIn(client: TestClient) {
  await client.signInWithCredentials({ username: "alice" });
}

async function csrfPost(client: TestClient, path: string, form: Record<string, string> = {}) {
  const csrfToken = await client.csrfToken();
  return client.request(path, { form: { ...form, csrfToken } });
}

export const scenarios: Record<string, Scenario> = {
  "GET csrf": (c) => c.request("/auth/csrf"),
  "GET csrf with its cookie": async (c) => {
    await c.request("/auth/csrf");
    return c.request("/auth/csrf");
  },
  "GET providers": (c) => c.request("/auth/providers"),
  "GET session without a cookie": (c) => c.request("/auth/session"),
  "GET session signed in": async (c) => {
    await signedIn(c);
    return c.request("/auth/session");
  },
  "GET session with a broken cookie": (c) =>
    c.request("/auth/session", { headers: { cookie: "authjs.session-token=broken" } }),
  "GET signin page": (c) => c.request("/auth/signin"),
  "GET signin page with a callbackUrl": (c) => c.request("/auth/signin?callbackUrl=%2Fdashboard"),
  "POST signin (no provider)": (c) => csrfPost(c, "/auth/signin"),
  "POST signin/github without CSRF": (c) => c.request("/auth/signin/github", { form: {} }),
  "POST callback/credentials": (c) =>
    csrfPost(c, "/auth/callback/credentials", { username: "alice" }),
  "POST callback/credentials refused": (c) =>
    csrfPost(c, "/auth/callback/credentials", { username: "mallory" }),
  "POST callback/credentials without CSRF": (c) =>
    c.request("/auth/callback/credentials", { form: { username: "alice" } }),
  "GET signout page": (c) => c.request("/auth/signout"),
  "POST signout signed in": async (c) => {
    await signedIn(c);
    return csrfPost(c, "/auth/signout");
  },
  "POST signout after a sign-in page with a callbackUrl": async (c) => {
    await c.request("/auth/signin?callbackUrl=%2Fdashboard");
    return csrfPost(c, "/auth/signout");
  },
  "POST signout after only a /csrf visit": (c) => csrfPost(c, "/auth/signout"),
  "POST signout with a callbackUrl": (c) =>
    csrfPost(c, "/auth/signout", { callbackUrl: "/goodbye" }),
  "GET base path alone": (c) => c.request("/auth"),
  "POST signout without CSRF": (c) => c.request("/auth/signout", { form: {} }),
  "GET callback/github without state or code": (c) => c.request("/auth/callback/github"),
  "GET callback/github with an error": (c) =>
    c.request("/auth/callback/github?error=access_denied"),
  "GET callback/unknown provider": (c) => c.request("/auth/callback/nope"),
  "GET callback/credentials": (c) => c.request("/auth/callback/credentials"),
  "GET callback without provider": (c) => c.request("/auth/callback"),
  "GET error": (c) => c.request("/auth/error?error=AccessDenied"),
  "GET verify-request": (c) => c.request("/auth/verify-request"),
  "GET unknown action": (c) => c.request("/auth/nope"),
  "GET extra segment": (c) => c.request("/auth/signin/github/extra"),
  "PUT session (wrong method)": (c) => c.request("/auth/session", { method: "PUT" }),
  "DELETE signout (wrong method)": (c) => c.request("/auth/signout", { method: "DELETE" }),
  "POST providers": (c) => csrfPost(c, "/auth/providers"),
  "POST session without CSRF": (c) => c.request("/auth/session", { json: {} }),
  "HEAD csrf": (c) => c.request("/auth/csrf", { method: "HEAD" }),
  "GET csrf over HTTPS (behind a proxy)": (c) =>
    c.request("/auth/csrf", { headers: { "x-forwarded-proto": "https" } }),
  "POST callback/credentials over HTTPS (behind a proxy)": async (c) => {
    const https = { "x-forwarded-proto": "https" };
    const csrf = await c.request("/auth/csrf", { headers: https });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return c.request("/auth/callback/credentials", {
      form: { username: "alice", csrfToken },
      headers: https,
    });
  },
};
