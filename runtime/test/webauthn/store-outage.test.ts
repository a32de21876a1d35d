import { describe, expect, it } from "vitest";
import Passkey from "../../src/providers/passkey.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { flakyAdapter } from "../support/flaky-adapter.js";
import { SoftwarePasskey } from "./authenticator.js";

// A passkey sign-in whose adapter calls throw ends on the 503 page with no session; the options
// endpoint (read by the page's script) answers 503 JSON.

const ORIGIN = "http://localhost:3000";
const RP = { origin: ORIGIN, rpId: "localhost" };
const SESSION = "authjs.session-token";

function setUp() {
  const { adapter, inner, state } = flakyAdapter();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: captureLogger().logger,
    experimental: { enableWebAuthn: true },
    providers: [Passkey()],
  };
  return { inner, state, config };
}

async function options(client: TestClient, query: Record<string, string>) {
  return client.request(`/auth/webauthn-options/passkey?${new URLSearchParams(query)}`);
}

async function post(client: TestClient, action: string, data: unknown) {
  const { csrfToken } = await (await client.request("/auth/csrf")).json();
  return client.request("/auth/callback/passkey", {
    form: { csrfToken, action, data: JSON.stringify(data) },
  });
}

describe("passkeys while the store is down", () => {
  it("authenticating ends on the 503 page with no session; the options answer 503 JSON", async () => {
    const { config, state } = setUp();
    const key = new SoftwarePasskey();
    const owner = new TestClient(config, ORIGIN);
    const registration = await (await options(owner, { email: "ada@example.test" })).json();
    const registered = await post(
      owner,
      "register",
      key.register({ ...RP, challenge: registration.options.challenge }),
    );
    expect(registered.status).toBe(302);

    const client = new TestClient(config, ORIGIN);
    const { options: challenge } = await (await options(client, { action: "authenticate" })).json();
    state.down = true;
    const response = await post(
      client,
      "authenticate",
      key.authenticate({ ...RP, challenge: challenge.challenge }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.text()).toContain("Temporarily unavailable");
    expect(setCookie(response, SESSION)).toBeUndefined();
    expect(client.jar.has(SESSION)).toBe(false);

    const refused = await options(client, { email: "ada@example.test" });
    expect(refused.status).toBe(503);
    await expect(refused.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });
  });
});
