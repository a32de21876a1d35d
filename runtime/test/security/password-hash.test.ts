import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { hashPassword, parseHash } from "../../src/password/hash.js";
import Password from "../../src/providers/password.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, testConfig } from "../helpers.js";
import { confirmedAccount, outboxPassword, signIn } from "../password/support.js";
import { type Served, serve } from "./server.js";

// The stored hash: OWASP's scrypt parameters by default, kept with the hash, raised at the next
// sign-in and never lowered; weak parameters are refused in configuration and in storage.

const EMAIL = "ada@example.com";
const PASSWORD = "ada long passphrase";

async function storedHash(adapter: ReturnType<typeof memoryAdapter>) {
  const user = await adapter.getUserByEmail(EMAIL);
  return (await adapter.getPasswordCredential(user!.id))!.hash;
}

describe("the default parameters", () => {
  const mail = outboxPassword({ hash: undefined, unsafeWeakHashForTesting: undefined });
  const adapter = memoryAdapter();
  let server: Served;
  beforeAll(async () => {
    server = await serve(testConfig({ adapter, providers: [mail.provider] }));
  });
  afterAll(() => server.close());

  it("are OWASP's scrypt N=2^17, r=8, p=1, stored as scrypt$N$r$p$salt$hash", async () => {
    await confirmedAccount(server.client(), mail, EMAIL, PASSWORD);
    const hash = await storedHash(adapter);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain(PASSWORD);
  });
});

describe("raising and lowering the parameters", () => {
  const adapter = memoryAdapter();
  const weak = outboxPassword({ hash: { N: 2 ** 10, r: 8, p: 1 } });
  const raised = outboxPassword({ hash: { N: 2 ** 11, r: 8, p: 1 } });
  let servers: Served[] = [];
  const start = async (provider: AuthConfig["providers"][number]) => {
    const served = await serve(testConfig({ adapter, providers: [provider] }));
    servers.push(served);
    return served;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });

  it("a hash made with lower parameters is rehashed with the raised ones at the next sign-in", async () => {
    const before = await start(weak.provider);
    await confirmedAccount(before.client(), weak, EMAIL, PASSWORD);
    expect(parseHash(await storedHash(adapter))?.params).toEqual({ N: 2 ** 10, r: 8, p: 1 });
    const after = await start(raised.provider);
    const client = after.client();
    await signIn(client, EMAIL, PASSWORD);
    expect(await client.session()).toMatchObject({ user: { email: EMAIL } });
    expect(parseHash(await storedHash(adapter))?.params).toEqual({ N: 2 ** 11, r: 8, p: 1 });
  });

  it("is never downgraded: a server with lower parameters leaves a stronger hash as it is", async () => {
    const stronger = await storedHash(adapter);
    const lower = await start(weak.provider);
    const client = lower.client();
    await signIn(client, EMAIL, PASSWORD);
    expect(await client.session()).toMatchObject({ user: { email: EMAIL } });
    expect(await storedHash(adapter)).toBe(stronger);
  });

  it("a planted hash below the accepted floor never signs in, even with its password", async () => {
    const server = await start(raised.provider);
    const user = await adapter.getUserByEmail(EMAIL);
    const credential = (await adapter.getPasswordCredential(user!.id))!;
    const planted = await hashPassword(PASSWORD, { N: 2 ** 10, r: 1, p: 1 });
    await adapter.setPasswordCredential({ ...credential, hash: planted });
    const response = await signIn(server.client(), EMAIL, PASSWORD);
    expect(response.headers.get("location")).toContain("error=CredentialsSignin&code=credentials");
  });

  it("a planted hash asking for absurd memory (N=2^30) is refused without computing it", async () => {
    const server = await start(raised.provider);
    const user = await adapter.getUserByEmail(EMAIL);
    const credential = (await adapter.getPasswordCredential(user!.id))!;
    const [, , , , salt, key] = (await hashPassword(PASSWORD, { N: 2 ** 11, r: 8, p: 1 })).split(
      "$",
    );
    await adapter.setPasswordCredential({
      ...credential,
      hash: `scrypt$${2 ** 30}$8$1$${salt}$${key}`,
    });
    const response = await signIn(server.client(), EMAIL, PASSWORD);
    expect(response.headers.get("location")).toContain("error=CredentialsSignin&code=credentials");
  });
});

describe("configuration", () => {
  const logger = () => captureLogger();
  async function statusOf(provider: AuthConfig["providers"][number], env?: string) {
    const previous = process.env.NODE_ENV;
    if (env) process.env.NODE_ENV = env;
    const log = logger();
    try {
      const server = await serve(
        testConfig({ adapter: memoryAdapter(), providers: [provider], logger: log.logger }),
      );
      const response = await server.client().request("/auth/csrf");
      await server.close();
      return { status: response.status, errors: log.errors.map((e) => e.message).join("\n") };
    } finally {
      process.env.NODE_ENV = previous;
    }
  }

  it("parameters below OWASP's are refused (the server answers 500 and logs why)", async () => {
    const result = await statusOf(Password({ hash: { N: 2 ** 14, r: 8, p: 1 } }));
    expect(result.status).toBe(500);
    expect(result.errors).toContain("below OWASP's scrypt minimum");
  });

  it("the other rows of OWASP's table are accepted (N=2^16 with p=2)", async () => {
    expect((await statusOf(Password({ hash: { N: 2 ** 16, r: 8, p: 2 } }))).status).toBe(200);
  });

  it("unsafeWeakHashForTesting is refused in production", async () => {
    const provider = Password({ hash: { N: 2 ** 10, r: 8, p: 1 }, unsafeWeakHashForTesting: true });
    expect((await statusOf(provider, "production")).status).toBe(500);
  });

  it("a minimum length under 8 is refused", async () => {
    expect((await statusOf(Password({ minLength: 6 }))).status).toBe(500);
  });
});
