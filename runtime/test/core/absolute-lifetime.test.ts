import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/types.js";
import { outboxEmailProvider, setCookie, TestClient, testConfig } from "../helpers.js";

const HOUR = 3600;
const DAY = 24 * HOUR;
const SALT = "authjs.session-token";
const session = { maxAge: DAY, updateAge: 0, absoluteMaxAge: 2 * DAY };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

async function expectSessionUntilDeadline(
  config: AuthConfig,
  signIn: (client: TestClient) => Promise<unknown> = (client) => client.signInWithCredentials({}),
) {
  const client = new TestClient(config);
  const start = Date.now();
  await signIn(client);
  for (const step of [20 * HOUR, 20 * HOUR]) {
    advance(step);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.not.toBeNull();
    const cookie = setCookie(response, SALT);
    if (cookie) {
      // The renewed cookie never outlives the absolute deadline.
      expect(Date.parse(cookie.attributes.expires as string)).toBeLessThanOrEqual(
        start + 2 * DAY * 1000,
      );
    }
  }
  advance(8 * HOUR + 1);
  await expect(client.session()).resolves.toBeNull();
  return client;
}

describe("session.absoluteMaxAge", () => {
  it("ends a JWT session at the deadline even though it kept sliding", async () => {
    await expectSessionUntilDeadline(testConfig({ session }));
  });

  it("ends a database session at the deadline and deletes the row", async () => {
    const adapter = memoryAdapter();
    const { provider, outbox } = outboxEmailProvider();
    let token = "";
    const client = await expectSessionUntilDeadline(
      testConfig({ session, adapter, providers: [provider] }),
      async (client) => {
        await client.signInWithEmail("ada@example.com", outbox);
        token = client.jar.get(SALT)!;
      },
    );
    expect(token).toMatch(/~/);
    expect(client.jar.has(SALT)).toBe(false);
    expect(await adapter.getSessionAndUser(token)).toBeNull();
  });

  it("ends a credentials (JWT) session under the database strategy at the deadline", async () => {
    const { provider } = outboxEmailProvider();
    const client = await expectSessionUntilDeadline(
      testConfig({
        session,
        adapter: memoryAdapter(),
        providers: [...testConfig().providers, provider],
      }),
    );
    expect(client.jar.has(SALT)).toBe(false);
  });

  it("a jwt callback that spreads the client's update cannot move the deadline", async () => {
    const config = testConfig({
      session,
      callbacks: {
        // A common pattern: merge what the client sends with update() into the token.
        jwt: ({ token, trigger, session: data }) =>
          trigger === "update" ? { ...token, ...(data as object) } : token,
      },
    });
    const client = new TestClient(config);
    await client.signInWithCredentials({});
    const far = Math.floor(Date.now() / 1000) + 365 * DAY;
    const csrfToken = await client.csrfToken();
    const updated = await client.request("/auth/session", {
      json: { csrfToken, data: { auth_time: far, iat: far } },
    });
    expect(updated.status).toBe(200);
    for (const step of [20 * HOUR, 20 * HOUR, 7 * HOUR]) {
      advance(step);
      await expect(client.session()).resolves.not.toBeNull();
    }
    advance(HOUR + 1);
    await expect(client.session()).resolves.toBeNull();
  });

  it("without it, a session in use slides on indefinitely", async () => {
    const client = new TestClient(testConfig({ session: { maxAge: DAY, updateAge: 0 } }));
    await client.signInWithCredentials({});
    for (let i = 0; i < 5; i++) {
      advance(20 * HOUR);
      await expect(client.session()).resolves.not.toBeNull();
    }
  });
});
