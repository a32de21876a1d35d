import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { Provider } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, TestClient, testConfig } from "../helpers.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

describe("events (reference §5.2)", () => {
  it("fire once each with their payload: signIn, session, signOut (JWT)", async () => {
    const events = { signIn: vi.fn(), session: vi.fn(), signOut: vi.fn() };
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      events,
      providers: [Credentials({ authorize: () => ada })],
    });
    await client.signInWithCredentials({});
    // Exactly Auth.js's credentials payload: the authorized user and the credentials account,
    // no profile and no isNewUser (the adapter never sees a credentials user).
    expect(events.signIn.mock.calls).toStrictEqual([
      [
        {
          user: ada,
          account: { providerAccountId: "1", type: "credentials", provider: "credentials" },
        },
      ],
    ]);
    await client.session();
    expect(events.session).toHaveBeenCalledTimes(1);
    expect(events.session.mock.calls[0]![0]).toMatchObject({
      session: { user: { name: "Ada" } },
      token: { sub: "1", name: "Ada" },
    });
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signout", { form: { csrfToken } });
    expect(events.signOut).toHaveBeenCalledTimes(1);
    expect(events.signOut.mock.calls[0]![0]).toMatchObject({
      token: { sub: "1", email: "ada@example.com" },
    });
    expect(events.signIn).toHaveBeenCalledTimes(1);
    expect(events.session).toHaveBeenCalledTimes(1);
  });

  it("a throwing handler is logged as EventError and never breaks the flow", async () => {
    const { logger, errors } = captureLogger();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger,
      events: {
        signIn: () => {
          throw new Error("analytics down");
        },
        session: async () => {
          throw new Error("also down");
        },
      },
      providers: [Credentials({ authorize: () => ada })],
    };
    const client = new TestClient(config);
    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    expect(errors.map((e) => e.name)).toEqual(["EventError", "EventError"]);
    expect((errors[0]!.cause as Error).message).toBe("analytics down");
  });

  it("createUser, updateUser and signIn carry the stored user (email sign-in)", async () => {
    const events = { createUser: vi.fn(), updateUser: vi.fn(), signIn: vi.fn() };
    const adapter = memoryAdapter();
    const { provider, outbox } = outboxEmailProvider();
    const cfg = testConfig({ adapter, events, providers: [provider] });
    await new TestClient(cfg).signInWithEmail("ada@example.com", outbox);
    const created = (await adapter.getUserByEmail("ada@example.com"))!;
    expect(events.createUser.mock.calls).toEqual([[{ user: created }]]);
    expect(events.updateUser).not.toHaveBeenCalled();

    await new TestClient(cfg).signInWithEmail("ada@example.com", outbox);
    const updated = (await adapter.getUserByEmail("ada@example.com"))!;
    expect(events.updateUser.mock.calls).toEqual([[{ user: updated }]]);
    expect(updated.emailVerified!.valueOf()).toBeGreaterThanOrEqual(
      created.emailVerified!.valueOf(),
    );
    expect(events.createUser).toHaveBeenCalledTimes(1);
    const account = {
      providerAccountId: "ada@example.com",
      type: "email",
      provider: "email",
      userId: created.id,
    };
    expect(events.signIn.mock.calls).toEqual([
      [{ user: created, account, isNewUser: true }],
      [{ user: updated, account, isNewUser: false }],
    ]);
  });

  it("linkAccount carries { user, account, profile } for a new OAuth user", async () => {
    // The smallest OAuth 2 provider: fixed endpoints answered by customFetch, no network.
    const acme = {
      id: "acme",
      name: "Acme",
      type: "oauth",
      authorization: "https://acme.test/authorize",
      token: "https://acme.test/token",
      userinfo: "https://acme.test/me",
      clientId: "client",
      clientSecret: "client-secret",
      checks: ["state"],
      [customFetch]: async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        return url.pathname === "/token"
          ? Response.json({ access_token: "acme-access", token_type: "bearer" })
          : Response.json({ id: "acme-42", name: "Ada", email: "ada@acme.test" });
      },
    } as unknown as Provider;
    const events = { linkAccount: vi.fn(), createUser: vi.fn() };
    const adapter = memoryAdapter();
    const client = new TestClient(testConfig({ adapter, events, providers: [acme] }));
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/acme", { form: { csrfToken } });
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const done = await client.request(
      `/auth/callback/acme?${new URLSearchParams({ code: "c", state })}`,
    );
    expect(done.headers.get("location")).toBe("http://localhost:3000");

    const user = await adapter.getUserByAccount({ provider: "acme", providerAccountId: "acme-42" });
    expect(events.createUser.mock.calls).toEqual([[{ user }]]);
    expect(events.linkAccount).toHaveBeenCalledTimes(1);
    expect(events.linkAccount.mock.calls[0]![0]).toEqual({
      user,
      account: expect.objectContaining({
        provider: "acme",
        type: "oauth",
        providerAccountId: "acme-42",
        access_token: "acme-access",
      }),
      // The provider's user as profile() mapped it (reference §5.2, Auth.js's `userFromProvider`),
      // not the stored user: its id is a fresh one, never the adapter's.
      profile: { id: expect.any(String), name: "Ada", email: "ada@acme.test" },
    });
    expect(events.linkAccount.mock.calls[0]![0].profile.id).not.toBe(user!.id);
  });
});
