/**
 * Attacks on the rate-limit counters themselves, over HTTP against a real server on every
 * framework: an attacker resetting a victim's per-identifier count with a sign-in of their own,
 * flushing the in-memory store so everyone's windows (their own included) start again, and
 * refused requests filling the store. The client address comes from a test header through
 * `rateLimit.clientAddress`, so one machine can be many clients on every framework.
 */
import { afterEach, describe, expect, it } from "vitest";
import Credentials from "../../src/providers/credentials.js";
import { memoryRateLimitStore } from "../../src/rate-limit/index.js";
import type { RateLimitOptions, RateLimitStore } from "../../src/rate-limit/types.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, type TestClient } from "../helpers.js";
import { type Framework, frameworks, serve as serveOn } from "./server.js";

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const accounts: Record<string, { id: string; password: string; name: string }> = {
  "ada@example.com": { id: "1", password: "lovelace", name: "Ada" },
  "mallory@example.com": { id: "2", password: "mallory-own", name: "Mallory" },
};

/**
 * An app whose form has `email` and `password` and whose `authorize` reads only `email` (any
 * other field is ignored); `checks[email]` counts the password checks made for each account.
 */
async function serve(framework: Framework, rateLimit: RateLimitOptions) {
  const checks: Record<string, number> = {};
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    // A store per app: the process-wide default would carry counts from one test to the next.
    rateLimit: {
      store: memoryRateLimitStore(),
      clientAddress: (request) => request.headers.get("x-test-client"),
      ...rateLimit,
    },
    providers: [
      Credentials({
        credentials: { email: { label: "Email" }, password: { type: "password" } },
        authorize: ({ email, password }) => {
          const key = String(email);
          checks[key] = (checks[key] ?? 0) + 1;
          const account = accounts[key];
          return account && account.password === password
            ? { id: account.id, name: account.name, email: key }
            : null;
        },
      }),
    ],
  };
  const app = await serveOn(config, { framework });
  servers.push(app);
  return { client: app.client(), checks };
}

async function attempt(client: TestClient, fields: Record<string, string>, address: string) {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/callback/credentials", {
    form: { ...fields, csrfToken },
    headers: { "x-test-client": address },
  });
}

const guess = (email: string) => ({ email, password: "guess" });
/** A fresh address per request: only the per-identifier limit applies. */
let next = 0;
const anyAddress = () => `198.51.100.${(next++ % 250) + 1}`;

describe.each(frameworks)("%s", (framework) => {
  describe("the per-identifier count cannot be reset by someone else's sign-in", () => {
    it("a successful sign-in to the attacker's own account carrying the victim's name in other fields forgets nothing of the victim", async () => {
      const { client, checks } = await serve(framework, {
        max: 10,
        maxPerAddress: 1000,
        window: 60,
      });
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 9; i++) {
          statuses.push((await attempt(client, guess("ada@example.com"), anyAddress())).status);
        }
        // The attacker's real password, with the victim's address in every field authorize
        // ignores (and a declared-field lookalike): a success, but not the victim's.
        const own = await attempt(
          client,
          {
            email: "mallory@example.com",
            password: "mallory-own",
            username: "ada@example.com",
            Email: "ada@example.com",
          },
          anyAddress(),
        );
        expect(setCookie(own, "authjs.session-token")?.value).toBeTruthy();
      }
      // Ten checks of ada's password in the window, then 429s: 27 guesses never became 27 checks.
      expect(checks["ada@example.com"]).toBe(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    });

    it("the owner's own successful sign-in still forgets their earlier failures", async () => {
      const { client, checks } = await serve(framework, {
        max: 3,
        maxPerAddress: 1000,
        window: 60,
      });
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) {
          expect((await attempt(client, guess("ada@example.com"), anyAddress())).status).toBe(302);
        }
        const good = await attempt(
          client,
          { email: "ada@example.com", password: "lovelace" },
          anyAddress(),
        );
        expect(setCookie(good, "authjs.session-token")?.value).toBeTruthy();
      }
      expect(checks["ada@example.com"]).toBe(9);
    });

    it("identifiers are counted per field: a value in another field is another identifier", async () => {
      const { client } = await serve(framework, { max: 2, maxPerAddress: 1000, window: 60 });
      // `username` is counted (an ignored field cannot dodge the limit) but under its own name,
      // so filling it with the victim's address does not spend the victim's allowance.
      for (let i = 0; i < 2; i++) {
        const noise = { email: `n${i}@example.com`, password: "x", username: "ada@example.com" };
        expect((await attempt(client, noise, anyAddress())).status).toBe(302);
      }
      expect((await attempt(client, guess("ada@example.com"), anyAddress())).status).toBe(302);
    });
  });

  /** A store that records every key it was asked to count. */
  function recordingStore(store: RateLimitStore) {
    const keys = new Set<string>();
    const recording: RateLimitStore = {
      increment: (key, windowMs, context) => {
        keys.add(key);
        return store.increment(key, windowMs, context);
      },
      reset: (key) => store.reset(key),
    };
    return { store: recording, keys };
  }

  describe("refused attempts and floods (memory store)", () => {
    it("an attempt refused for its address creates no key for the identifiers it carries", async () => {
      const { store, keys } = recordingStore(memoryRateLimitStore());
      const { client } = await serve(framework, { max: 5, maxPerAddress: 2, window: 60, store });
      for (let i = 0; i < 2; i++) await attempt(client, guess(`u${i}@example.com`), "203.0.113.5");
      expect(keys.size).toBe(3); // the address and two identifiers
      for (let i = 2; i < 40; i++) {
        expect((await attempt(client, guess(`u${i}@example.com`), "203.0.113.5")).status).toBe(429);
      }
      expect(keys.size).toBe(3);
    });

    it("a flood of identifiers from many addresses evicts neither a victim's window nor the flooder's own", async () => {
      const store = memoryRateLimitStore({ maxKeys: 60 });
      const { client, checks } = await serve(framework, {
        max: 3,
        maxPerAddress: 30,
        window: 60,
        store,
      });
      // Three guesses at ada from one address: her window is full.
      for (let i = 0; i < 3; i++) await attempt(client, guess("ada@example.com"), "203.0.113.9");
      // 8 addresses each send 30 attempts at new identifiers: 248 windows into a store of 60.
      for (let a = 0; a < 8; a++) {
        for (let i = 0; i < 30; i++) {
          await attempt(client, guess(`flood-${a}-${i}@example.com`), `192.0.2.${a + 1}`);
        }
      }
      // ada's window survived: still refused, from any address, with her password unchecked.
      expect((await attempt(client, guess("ada@example.com"), "203.0.113.10")).status).toBe(429);
      expect(checks["ada@example.com"]).toBe(3);
      // And a flooder's own address window did too.
      expect((await attempt(client, guess("x@example.com"), "192.0.2.8")).status).toBe(429);
    });
  });

  describe("normalizeIdentifier", () => {
    it("lets an app with an accent-insensitive lookup count José and jose as one", async () => {
      const { client } = await serve(framework, {
        max: 2,
        maxPerAddress: 1000,
        window: 60,
        normalizeIdentifier: (value) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(),
      });
      expect((await attempt(client, guess("josé@example.com"), anyAddress())).status).toBe(302);
      expect((await attempt(client, guess("JOSE@example.com"), anyAddress())).status).toBe(302);
      expect((await attempt(client, guess("jose@example.com"), anyAddress())).status).toBe(429);
    });
  });
});
