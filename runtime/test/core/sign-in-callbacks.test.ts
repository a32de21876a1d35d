import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { JWT } from "../../src/types.js";
import { outboxEmailProvider, TestClient, testConfig } from "../helpers.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

/** The arguments of callbacks at sign-in, exactly as reference §5.1 lists them. */
describe("sign-in callback arguments (reference §5.1)", () => {
  it("credentials: signIn gets { user, account, credentials } (the submitted fields)", async () => {
    const signIn = vi.fn(() => true);
    const client = new TestClient(
      testConfig({ callbacks: { signIn }, providers: [Credentials({ authorize: () => ada })] }),
    );
    await client.signInWithCredentials({ username: "ada", password: "pw" });
    expect(signIn.mock.calls).toEqual([
      [
        {
          user: ada,
          account: { providerAccountId: "1", type: "credentials", provider: "credentials" },
          credentials: { username: "ada", password: "pw" },
        },
      ],
    ]);
  });

  it("email: signIn gets email.verificationRequest when the link is asked for, then { user, account }", async () => {
    const signIn = vi.fn(() => true);
    const { provider, outbox } = outboxEmailProvider();
    const adapter = memoryAdapter();
    const client = new TestClient(
      testConfig({ adapter, callbacks: { signIn }, providers: [provider] }),
    );
    await client.signInWithEmail("ada@example.com", outbox);
    const account = { providerAccountId: "ada@example.com", type: "email", provider: "email" };
    const [request, callback] = signIn.mock.calls.map((call) => (call as unknown[])[0]);
    expect(request).toEqual({
      user: { id: expect.any(String), email: "ada@example.com", emailVerified: null },
      account: { ...account, userId: expect.any(String) },
      email: { verificationRequest: true },
    });
    expect(callback).toEqual({
      user: expect.objectContaining({ email: "ada@example.com" }),
      account: expect.objectContaining(account),
    });
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it("JWT strategy with an adapter: jwt gets trigger signUp and isNewUser true for a new user, signIn after", async () => {
    const jwt = vi.fn(({ token }: { token: JWT }) => token);
    const adapter = memoryAdapter();
    const { provider, outbox } = outboxEmailProvider();
    const cfg = testConfig({
      adapter,
      session: { strategy: "jwt" },
      callbacks: { jwt },
      providers: [provider],
    });
    await new TestClient(cfg).signInWithEmail("new@example.com", outbox);
    const user = await adapter.getUserByEmail("new@example.com");
    const expected = (isNewUser: boolean) => ({
      token: { name: undefined, email: "new@example.com", picture: undefined, sub: user!.id },
      user: expect.objectContaining({ id: user!.id, email: "new@example.com" }),
      account: expect.objectContaining({ type: "email", userId: user!.id }),
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    expect(jwt.mock.calls[0]![0]).toEqual(expected(true));

    await new TestClient(cfg).signInWithEmail("new@example.com", outbox);
    expect(jwt.mock.calls[1]![0]).toEqual(expected(false));
  });
});
