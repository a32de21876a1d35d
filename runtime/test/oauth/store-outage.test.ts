import { describe, expect, it } from "vitest";
import Credentials from "../../src/providers/credentials.js";
import { outboxEmailProvider, setCookie, TestClient } from "../helpers.js";
import { flakyAdapter } from "../support/flaky-adapter.js";
import { useMockOP } from "./harness.js";

// OAuth callbacks (and credentials under database sessions) whose adapter calls throw end on the
// 503 "Temporarily unavailable" page, with no session and no half-made user left behind.

const SALT = "authjs.session-token";
const mock = useMockOP();
const { oidc, config, complete } = mock;

function setup() {
  const { adapter, inner, state } = flakyAdapter();
  const { provider: email, outbox } = outboxEmailProvider();
  const credentials = Credentials({ authorize: () => ({ id: "c1", name: "Credentials user" }) });
  const cfg = config({ adapter, providers: [oidc(), email, credentials] });
  return { cfg, inner, state, outbox };
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("location")).toBeNull();
  const html = await response.text();
  expect(html).toContain("Temporarily unavailable");
  expect(html).not.toContain("Server error");
  expect(setCookie(response, SALT)).toBeUndefined();
}

describe("an OAuth sign-in while the store is down", () => {
  it("creating the user fails: 503 page, no session", async () => {
    const { cfg, inner, state } = setup();
    const client = new TestClient(cfg);
    Object.assign(state, { down: true, only: new Set(["createUser"]) });
    await expectUnavailable(await complete(client));
    expect(client.jar.has(SALT)).toBe(false);
    expect(await inner.getUserByEmail("mock@example.test")).toBeNull();
  });

  it("linking the account fails: 503 page, no session, the new user removed again", async () => {
    const { cfg, inner, state } = setup();
    const client = new TestClient(cfg);
    Object.assign(state, { down: true, only: new Set(["linkAccount"]) });
    await expectUnavailable(await complete(client));
    expect(client.jar.has(SALT)).toBe(false);
    expect(await inner.getUserByEmail("mock@example.test")).toBeNull();

    state.down = false;
    const retried = await complete(client);
    expect(retried.status).toBe(302);
    await expect(client.session()).resolves.toMatchObject({
      user: { email: "mock@example.test" },
    });
  });

  it("the signed-in user cannot be read: 503, not a separate new user", async () => {
    const { cfg, inner, state, outbox } = setup();
    const client = new TestClient(cfg);
    await client.signInWithEmail("ada@example.com", outbox);
    const token = client.jar.get(SALT)!;
    // Started while the store answers, finished while it does not.
    const { params } = await mock.signIn(client);
    Object.assign(state, { down: true, only: new Set(["getSessionAndUser"]) });
    const query = new URLSearchParams({
      code: "c",
      state: params.get("state") ?? "",
      iss: mock.op.issuer,
    });
    await expectUnavailable(await client.request(`/auth/callback/mock?${query}`));
    expect(await inner.getUserByEmail("mock@example.test")).toBeNull();
    // Starting one while it is down is refused the same way.
    const csrfToken = await client.csrfToken();
    await expectUnavailable(await client.request("/auth/signin/mock", { form: { csrfToken } }));
    expect(client.jar.get(SALT)).toBe(token);
  });
});

describe("a credentials sign-in under database sessions while the store is down", () => {
  it("ending the browser's previous database session fails: 503 page, no new session", async () => {
    const { cfg, state, outbox } = setup();
    const client = new TestClient(cfg);
    await client.signInWithEmail("ada@example.com", outbox);
    const token = client.jar.get(SALT)!;
    state.down = true;
    await expectUnavailable(await client.signInWithCredentials({}));
    expect(client.jar.get(SALT)).toBe(token);
    state.down = false;
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });
});
