import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import type { Provider } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { isolatedPool } from "./database.js";

/** A plain OAuth 2 provider on loopback whose user is whatever `profile` says. */
async function startProvider() {
  const profile = { id: "", email: "" };
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/token")) {
      req.resume();
      return res.end(JSON.stringify({ access_token: "at", token_type: "bearer" }));
    }
    if (req.url?.startsWith("/userinfo")) return res.end(JSON.stringify(profile));
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: Provider = {
    id: "plain",
    name: "Plain",
    type: "oauth",
    clientId: "client",
    clientSecret: "client-secret",
    checks: ["state"],
    authorization: `${origin}/authorize`,
    token: `${origin}/token`,
    userinfo: `${origin}/userinfo`,
    profile: (p: Record<string, unknown>) => ({ id: String(p.id), email: String(p.email) }),
  } as Provider;
  return { profile, provider, close: () => new Promise((r) => server.close(r)) };
}

let database: Awaited<ReturnType<typeof isolatedPool>>;
let op: Awaited<ReturnType<typeof startProvider>>;
beforeAll(async () => {
  database = await isolatedPool();
  await migrate(database.pool);
  op = await startProvider();
});
afterAll(async () => {
  await op?.close();
  await database?.drop();
});

async function signIn(config: AuthConfig) {
  const client = new TestClient(config);
  const csrfToken = await client.csrfToken();
  const start = await client.request("/auth/signin/plain", { form: { csrfToken } });
  const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
  return client.request(`/auth/callback/plain?${new URLSearchParams({ code: "c", state })}`);
}

const count = async (sql: string, params: unknown[]) =>
  Number((await database.pool.query(sql, params)).rows[0].count);

describe("a new user whose account cannot be linked, on PostgreSQL", () => {
  it("is deleted again: no user and no account are left behind", async () => {
    const { logger, errors } = captureLogger();
    const email = `orphan-${Date.now()}@example.com`;
    // Longer than accounts."providerAccountId" VARCHAR(255): PostgreSQL refuses the INSERT.
    Object.assign(op.profile, { id: "x".repeat(300), email });
    const response = await signIn({
      secret: SECRET,
      trustHost: true,
      logger,
      adapter: postgresAdapter(database.pool),
      providers: [op.provider],
    });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(await count(`SELECT count(*) FROM users WHERE email = $1`, [email])).toBe(0);
    expect(await count(`SELECT count(*) FROM accounts WHERE provider = 'plain'`, [])).toBe(0);
    expect(errors.at(-1)?.message).toContain('"linkAccount"');
  });

  it("when the clean-up fails too, both are logged and the linking error is the one reported", async () => {
    const { logger, errors } = captureLogger();
    const email = `orphan-cleanup-${Date.now()}@example.com`;
    Object.assign(op.profile, { id: "y".repeat(300), email });
    const adapter: Adapter = {
      ...postgresAdapter(database.pool),
      deleteUser: async () => {
        throw new Error("connection lost");
      },
    };
    const response = await signIn({
      secret: SECRET,
      trustHost: true,
      logger,
      adapter,
      providers: [op.provider],
    });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    const messages = errors.map((error) => `${error.name}: ${error.message}`);
    expect(messages.some((m) => m.includes('"deleteUser"') && m.includes("connection lost"))).toBe(
      true,
    );
    // The error the request fails with (logged last) is still the linking failure.
    expect(errors.at(-1)?.message).toContain('"linkAccount"');
    await database.pool.query(`DELETE FROM users WHERE email = $1`, [email]);
  });
});
