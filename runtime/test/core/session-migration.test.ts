import { encode as authjsEncode } from "@auth/core/jwt";
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { getToken } from "../../src/jwt/get-token.js";
import { encode } from "../../src/jwt.js";
import type { AuthConfig } from "../../src/types.js";
import { outboxEmailProvider, SECRET, setCookie, TestClient, testConfig } from "../helpers.js";

// Over HTTPS the session cookie is `__Host-authjs.session-token`; Auth.js names it
// `__Secure-authjs.session-token`, which a sibling subdomain can set. The old name is still read
// so that switching signs nobody out, but only tokens minted before the switch, and never next to
// a cookie with the current name.

const ORIGIN = "https://app.example";
const CURRENT = "__Host-authjs.session-token";
const LEGACY = "__Secure-authjs.session-token";
const ada = { id: "1", name: "Ada", email: "ada@example.com" };

/** A JWT session as Auth.js mints it over HTTPS (salt = its cookie name). */
const authjsSession = (name: string) =>
  authjsEncode({ token: { name, sub: name.toLowerCase() }, secret: SECRET, salt: LEGACY });

describe("JWT sessions from Auth.js (`__Secure-authjs.session-token`)", () => {
  it("are read, moved to the __Host- cookie by /session, and the old cookie is cleared", async () => {
    const client = new TestClient(testConfig({}, ada), ORIGIN);
    client.jar.set(LEGACY, await authjsSession("Grace"));
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toMatchObject({ user: { name: "Grace" } });
    expect(setCookie(response, CURRENT)?.attributes).toMatchObject({ secure: true, path: "/" });
    expect(setCookie(response, LEGACY)?.attributes["max-age"]).toBe("0");
    expect([...client.jar.keys()]).not.toContain(LEGACY);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Grace" } });
  });

  it("are read by getToken({ secureCookie: true }) as before", async () => {
    const token = await authjsSession("Grace");
    const req = { headers: { cookie: `${LEGACY}=${token}` } };
    await expect(getToken({ req, secret: SECRET, secureCookie: true })).resolves.toMatchObject({
      name: "Grace",
    });
  });

  it("a token this runtime minted, planted under the old name, is no session", async () => {
    const client = new TestClient(testConfig({}, ada), ORIGIN);
    await client.signInWithCredentials({});
    const ours = client.jar.get(CURRENT)!;
    const planted = new TestClient(testConfig({}, ada), ORIGIN);
    planted.jar.set(LEGACY, ours);
    await expect(planted.session()).resolves.toBeNull();
    // Nor a token sealed for the old name after the switch: nothing but Auth.js mints those,
    // and one with a wrong salt never opens.
    planted.jar.set(LEGACY, await encode({ token: { sub: "x" }, secret: SECRET, salt: CURRENT }));
    await expect(planted.session()).resolves.toBeNull();
  });

  it("next to a __Host- session, an old-name cookie for someone else changes nothing", async () => {
    const client = new TestClient(testConfig({}, ada), ORIGIN);
    await client.signInWithCredentials({});
    client.jar.set(LEGACY, await authjsSession("Mallory"));
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("sign-out clears the old-name cookie too", async () => {
    const client = new TestClient(testConfig({}, ada), ORIGIN);
    client.jar.set(LEGACY, await authjsSession("Grace"));
    const response = await client.signOut();
    expect(setCookie(response, LEGACY)?.attributes["max-age"]).toBe("0");
    await expect(client.session()).resolves.toBeNull();
  });

  it("a custom session cookie name is used alone (no old name is read)", async () => {
    const config = testConfig({ cookies: { sessionToken: { name: "app.session" } } }, ada);
    const client = new TestClient(config, ORIGIN);
    client.jar.set(LEGACY, await authjsSession("Grace"));
    await expect(client.session()).resolves.toBeNull();
  });
});

describe("database sessions from Auth.js", () => {
  async function withAuthjsRow(sessionToken: string) {
    const adapter = memoryAdapter();
    const user = await adapter.createUser({
      id: "u1",
      name: "Grace",
      email: "grace@example.com",
      emailVerified: null,
    });
    await adapter.createSession({
      sessionToken,
      userId: user.id,
      expires: new Date(Date.now() + 3_600_000),
    });
    const config: AuthConfig = testConfig({
      adapter,
      session: { strategy: "database" },
      providers: [outboxEmailProvider().provider],
    });
    return { adapter, config };
  }

  it("a UUID token (Auth.js's kind) is read, then moved to a fresh token and the old row deleted", async () => {
    const old = crypto.randomUUID();
    const { adapter, config } = await withAuthjsRow(old);
    const client = new TestClient(config, ORIGIN);
    client.jar.set(LEGACY, old);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toMatchObject({ user: { name: "Grace" } });
    const moved = setCookie(response, CURRENT)!.value;
    expect(moved).not.toBe(old);
    expect(setCookie(response, LEGACY)?.attributes["max-age"]).toBe("0");
    expect(await adapter.getSessionAndUser(old)).toBeNull();
    expect(await adapter.getSessionAndUser(moved)).toMatchObject({ user: { id: "u1" } });
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Grace" } });
  });

  it("a token of this runtime's kind under the old name is never looked up", async () => {
    const ours = "a".repeat(43);
    const { config } = await withAuthjsRow(ours);
    const client = new TestClient(config, ORIGIN);
    client.jar.set(LEGACY, ours);
    await expect(client.session()).resolves.toBeNull();
    // Under the current name the same row is a session: only the name made the difference.
    const current = new TestClient(config, ORIGIN);
    current.jar.set(CURRENT, ours);
    await expect(current.session()).resolves.toMatchObject({ user: { name: "Grace" } });
  });
});
