import { decode as authjsDecode, encode as authjsEncode } from "@auth/core/jwt";
import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig, JWT } from "../../src/types.js";
import { outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";
import { useMockOP } from "./harness.js";

// Which session counts as "the signed-in user" when an OAuth account is linked (reference §4.3).
const mock = useMockOP();
const { oidc, config, complete } = mock;
const mockAccount = { provider: "mock", providerAccountId: "mock-user" };

/**
 * An adapter whose user "1" is someone else than the app's credentials user "1" (the Postgres
 * adapter numbers its users 1, 2, …), an OAuth provider, credentials and email sign-in.
 */
async function setup(extra: Partial<AuthConfig> = {}) {
  const adapter = memoryAdapter();
  await adapter.createUser({ id: "1", email: "victim@example.test", emailVerified: new Date() });
  const events = { linkAccount: vi.fn(), createUser: vi.fn() };
  const { provider: email, outbox } = outboxEmailProvider();
  const credentials = Credentials({
    authorize: () => ({ id: "1", name: "App user 1", email: "app-user@example.test" }),
  });
  const cfg = config({
    adapter,
    events,
    providers: [oidc(), credentials, email],
    ...extra,
  });
  return { adapter, events, outbox, cfg };
}

describe("a session not created through the adapter never becomes an adapter user", () => {
  it.each([
    "jwt",
    "database",
  ] as const)("%s strategy: a credentials session with sub 1 signs in with OAuth → a new user, user 1 untouched", async (strategy) => {
    const { adapter, events, cfg } = await setup({ session: { strategy } });
    const client = new TestClient(cfg);
    await client.signInWithCredentials({});
    await expect(client.session()).resolves.toMatchObject({ user: { name: "App user 1" } });

    const response = await complete(client);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    const owner = await adapter.getUserByAccount(mockAccount);
    expect(owner).toMatchObject({ email: "mock@example.test" });
    expect(owner!.id).not.toBe("1");
    expect(events.createUser).toHaveBeenCalledTimes(1);
    expect(events.linkAccount.mock.calls[0]![0].user.id).toBe(owner!.id);
    // The OAuth sign-in replaced the credentials session with the new user's.
    await expect(client.session()).resolves.toMatchObject({ user: { email: "mock@example.test" } });
  });

  it("a token Auth.js minted (no proof its sub is an adapter id) is not taken as adapter user 1", async () => {
    const { adapter, cfg } = await setup({ session: { strategy: "jwt" } });
    const client = new TestClient(cfg);
    const salt = "authjs.session-token";
    client.jar.set(salt, await authjsEncode({ token: { sub: "1" }, secret: SECRET, salt }));

    await complete(client);
    const owner = await adapter.getUserByAccount(mockAccount);
    expect(owner).toMatchObject({ email: "mock@example.test" });
    expect(owner!.id).not.toBe("1");
  });
});

describe("a session the adapter vouches for links new accounts to its user", () => {
  /** An email sign-in as `address` (creating that adapter user), under the JWT strategy. */
  async function signedInByEmail(
    address: string,
    extra: Partial<AuthConfig> = { session: { strategy: "jwt" } },
  ) {
    const context = await setup(extra);
    const client = new TestClient(context.cfg);
    await client.signInWithEmail(address, context.outbox);
    const user = (await context.adapter.getUserByEmail(address))!;
    return { ...context, client, user };
  }

  it("links to the email-signed-in user; linkAccount's profile is the provider's user (as Auth.js)", async () => {
    const { adapter, events, client, user } = await signedInByEmail("grace@example.test");
    // Auth.js still reads the marked token: only an extra claim was added.
    const cookie = client.jar.get("authjs.session-token")!;
    const salt = "authjs.session-token";
    await expect(authjsDecode({ token: cookie, secret: SECRET, salt })).resolves.toMatchObject({
      sub: user.id,
      email: "grace@example.test",
    });

    const response = await complete(client);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(await adapter.getUserByAccount(mockAccount)).toMatchObject({ id: user.id });
    expect(events.linkAccount).toHaveBeenCalledTimes(1);
    const { user: linked, profile } = events.linkAccount.mock.calls[0]![0];
    expect(linked).toMatchObject({ id: user.id, email: "grace@example.test" });
    // What the provider's profile() made of its claims (with a fresh id), not the stored user.
    expect(profile).toEqual({
      id: expect.any(String),
      name: "Mock User",
      email: "mock@example.test",
    });
    expect(profile.id).not.toBe(user.id);
  });

  it("still links after a jwt callback rebuilt the token on a /session read", async () => {
    const jwt = ({ token }: { token: JWT }) => ({ sub: token.sub, email: token.email });
    const { adapter, client, user } = await signedInByEmail("grace@example.test", {
      session: { strategy: "jwt" },
      callbacks: { jwt },
    });
    await expect(client.session()).resolves.toMatchObject({
      user: { email: "grace@example.test" },
    });
    await complete(client);
    expect(await adapter.getUserByAccount(mockAccount)).toMatchObject({ id: user.id });
  });

  it("a session the jwt callback has ended does not link: a new user gets the account", async () => {
    const revoked = new Set<string>();
    const jwt = ({ token }: { token: JWT }) => (revoked.has(String(token.sub)) ? null : token);
    const { adapter, client, user } = await signedInByEmail("grace@example.test", {
      session: { strategy: "jwt" },
      callbacks: { jwt },
    });
    revoked.add(user.id);
    await complete(client);
    const owner = await adapter.getUserByAccount(mockAccount);
    expect(owner).toMatchObject({ email: "mock@example.test" });
    expect(owner!.id).not.toBe(user.id);
  });

  it("refuses an account that already belongs to someone else", async () => {
    const { cfg, outbox } = await setup({ session: { strategy: "jwt" } });
    expect(setCookie(await complete(new TestClient(cfg)), "authjs.session-token")).toBeDefined();

    const other = new TestClient(cfg);
    await other.signInWithEmail("other@example.test", outbox);
    const response = await complete(other);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=OAuthAccountNotLinked",
    );
  });
});
