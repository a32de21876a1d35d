import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";
import { isolatedPool } from "./database.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
beforeAll(async () => {
  database = await isolatedPool();
  await migrate(database.pool);
});
afterAll(() => database?.drop());

const COOKIE = "authjs.session-token";

function setup() {
  const { logger, errors } = captureLogger();
  const { provider, outbox } = outboxEmailProvider();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger,
    adapter: postgresAdapter(database.pool),
    session: { strategy: "database" },
    providers: [provider],
  };
  return { config, outbox, errors };
}

/**
 * A cookie is whatever the browser (or an attacker) sends. PostgreSQL refuses a NUL byte in a
 * text parameter with an error, so such a cookie used to log an error on every request and
 * stay in place; it names no session, so it is now answered like an unknown one.
 */
describe("a database session cookie outside the token alphabet, on PostgreSQL", () => {
  it.each([
    ["a NUL byte", "abc\u0000def"],
    ["only a NUL byte", "\u0000"],
    ["a control character", "abc\u0001def"],
    ["DEL", "abc\u007fdef"],
    ["a non-ASCII letter", "abcüdef"],
  ])("%s: no session, the cookie is cleared, nothing is logged", async (_label, token) => {
    const { config, errors } = setup();
    const client = new TestClient(config);
    client.jar.set(COOKIE, token);
    const response = await client.request("/auth/session");
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, COOKIE)?.attributes["max-age"]).toBe("0");
    expect(client.jar.has(COOKIE)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("signing out with such a cookie clears it without an error", async () => {
    const { config, errors } = setup();
    const client = new TestClient(config);
    client.jar.set(COOKIE, "abc\u0000def");
    const response = await client.signOut();
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(setCookie(response, COOKIE)?.attributes["max-age"]).toBe("0");
    expect(errors).toEqual([]);
  });

  it("a signed-in browser that gets a NUL appended to its cookie is signed out cleanly", async () => {
    const { config, outbox, errors } = setup();
    const client = new TestClient(config);
    await client.signInWithEmail(`nul-${Date.now()}@example.com`, outbox);
    const token = client.jar.get(COOKIE)!;
    await expect(client.session()).resolves.toMatchObject({ user: { email: /^nul-/ } });
    client.jar.set(COOKIE, `${token}\u0000`);
    await expect(client.session()).resolves.toBeNull();
    expect(client.jar.has(COOKIE)).toBe(false);
    expect(errors).toEqual([]);
    // The real session is untouched: the original cookie still reads it.
    client.jar.set(COOKIE, token);
    await expect(client.session()).resolves.toMatchObject({ user: { email: /^nul-/ } });
  });
});
