/**
 * A plain OAuth 2 provider on 127.0.0.1 for differential tests: a token endpoint that answers
 * any code with the same tokens, and a userinfo endpoint that answers the profile named by the
 * code (`code-<login>`), so one provider serves several users. Authorization is not simulated:
 * a test calls the relying party's callback itself with the `state` it issued.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestClient } from "../helpers.js";

export interface FakeProfile {
  id: number;
  login: string;
  name: string;
  email: string;
}

export async function startFakeOAuth(profiles: Record<string, FakeProfile>) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/token") {
      let form = "";
      for await (const chunk of req) form += chunk;
      const code = new URLSearchParams(form).get("code") ?? "";
      return json(200, { access_token: `at-${code}`, token_type: "bearer", scope: "user" });
    }
    if (url.pathname === "/userinfo") {
      const code = (req.headers.authorization ?? "").replace(/^Bearer at-/i, "");
      const profile = profiles[code.replace(/^code-/, "")];
      return profile ? json(200, profile) : json(401, { error: "invalid_token" });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The provider's configuration, the same object shape for both libraries. */
    provider: () => ({
      id: "acme",
      name: "Acme",
      type: "oauth" as const,
      clientId: "client-1",
      clientSecret: "secret-1",
      authorization: `${origin}/authorize?scope=user`,
      token: `${origin}/token`,
      userinfo: `${origin}/userinfo`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A sign-in with the fake provider (`acme`) as a browser makes it: the sign-in POST, then the
 * provider's redirect back with a code for `login` and the `state` the app sent. Returns the
 * callback's response.
 */
export async function oauthSignIn(client: TestClient, login: string, id = "acme") {
  const csrfToken = await client.csrfToken();
  const start = await client.request(`/auth/signin/${id}`, { form: { csrfToken } });
  const state = new URL(start.headers.get("location")!).searchParams.get("state");
  const query = new URLSearchParams({ code: `code-${login}`, ...(state ? { state } : {}) });
  return client.request(`/auth/callback/${id}?${query}`);
}
