import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { outboxEmailProvider, SECRET, TestClient } from "../helpers.js";

afterEach(() => vi.restoreAllMocks());

/** Freezes an object graph: every own property (symbols too) of every object and function. */
function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return value;
  if (seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor && "value" in descriptor) deepFreeze(descriptor.value, seen);
  }
  return Object.freeze(value);
}

/**
 * The graph as `[path, leaf]` pairs, leaves compared by identity: functions, symbols and
 * primitives as they are, and every object's prototype, so a replaced callback, an added key
 * or a swapped nested object all show up.
 */
function structure(value: unknown, path = "$", seen = new Set<unknown>()): [string, unknown][] {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) {
    return [[path, value]];
  }
  const entries: [string, unknown][] = [
    [path, value],
    [`${path}.<prototype>`, Object.getPrototypeOf(value)],
  ];
  if (seen.has(value) || typeof value === "function") return entries;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    entries.push(
      ...structure((value as Record<PropertyKey, unknown>)[key], `${path}.${String(key)}`, seen),
    );
  }
  return entries;
}

describe("the caller's configuration", () => {
  it("is never mutated: a deep-frozen configuration works through every endpoint", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { provider, outbox } = outboxEmailProvider();
    const config: AuthConfig = deepFreeze({
      secret: [SECRET],
      trustHost: true,
      adapter: memoryAdapter(),
      providers: [Credentials({ authorize: () => ({ id: "1", name: "Ada" }) }), provider],
      callbacks: { jwt: ({ token }) => token, session: ({ session }) => session },
      events: { signIn: () => {} },
      pages: {},
      theme: { brandColor: "#123456" },
      cookies: { sessionToken: { options: { sameSite: "lax" } } },
      session: { maxAge: 3600 },
      jwt: {},
      experimental: {},
    });
    const before = structure(config);

    const client = new TestClient(config);
    expect((await client.request("/auth/signin")).status).toBe(200);
    expect((await client.request("/auth/providers")).status).toBe(200);
    expect((await client.signInWithCredentials({})).headers.get("location")).toBe(
      "http://localhost:3000",
    );
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    const csrfToken = await client.csrfToken();
    const update = await client.request("/auth/session", { json: { csrfToken, data: {} } });
    expect(update.status).toBe(200);
    const email = await client.signInWithEmail("ada@example.com", outbox);
    expect(email.headers.get("location")).toBe("http://localhost:3000");
    expect((await client.signOut()).status).toBe(302);
    expect(consoleError).not.toHaveBeenCalled();

    const after = structure(config);
    expect(after.map(([path]) => path)).toEqual(before.map(([path]) => path));
    const changed = after.filter(([, leaf], i) => !Object.is(leaf, before[i]![1]));
    expect(changed).toEqual([]);
    // Auth.js assigns these two on the caller's object.
    expect(config.basePath).toBeUndefined();
    expect(config.logger).toBeUndefined();
  });
});
