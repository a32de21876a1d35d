/**
 * Rate limiting of credentials and email sign-in (`rateLimit`), attacked over HTTP against a real
 * Express server: password guessing from one address and from many, mail floods, spoofed
 * `X-Forwarded-For`, and a store that is down.
 */
import { afterEach, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { RateLimited } from "../../src/errors.js";
import Credentials from "../../src/providers/credentials.js";
import { memoryRateLimitStore } from "../../src/rate-limit/index.js";
import type { RateLimitStore } from "../../src/rate-limit/types.js";
import { SolidAuth } from "../../src/solid-start/index.js";
import type { AuthConfig } from "../../src/types.js";
import { express5, startApp } from "../express/app.js";
import {
  captureLogger,
  HttpTestClient,
  outboxEmailProvider,
  SECRET,
  setCookie,
  TestClient,
} from "../helpers.js";

const SESSION = "authjs.session-token";
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A credentials app: `ada` / `lovelace` signs in; `calls` counts `authorize` runs. */
function credentialsConfig(rateLimit: AuthConfig["rateLimit"], extra: Partial<AuthConfig> = {}) {
  const calls = { count: 0 };
  const log = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { type: "password" } },
        authorize: ({ username, password }) => {
          calls.count++;
          return String(username).toLowerCase() === "ada" && password === "lovelace"
            ? { id: "1", name: "Ada" }
            : null;
        },
      }),
    ],
    ...(rateLimit === undefined ? {} : { rateLimit }),
    ...extra,
  };
  return { config, calls, log };
}

async function serve(config: AuthConfig, trustProxy = false) {
  const app = await startApp(express5, config, { mount: "/auth", trustProxy });
  servers.push(app);
  return app;
}

/** One credentials POST the way the sign-in page sends it, from `from` when given (XFF). */
async function attempt(
  client: TestClient,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/callback/credentials", {
    form: { ...fields, csrfToken },
    headers,
  });
}

const from = (address: string) => ({ "x-forwarded-for": address });
const wrong = (username = "ada") => ({ username, password: "guess" });

function expectRefusedByPassword(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toContain("error=CredentialsSignin");
}

async function expectRateLimited(response: Response, window: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(window);
  expect(response.headers.get("location")).toBeNull();
  expect(setCookie(response, SESSION)).toBeUndefined();
  return response;
}

describe("rate limiting: credentials over a real Express server (memory store)", () => {
  it("after max failed attempts the next is 429 with Retry-After and the sign-in page saying so; the password is not even checked", async () => {
    const { config, calls } = credentialsConfig({
      max: 3,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config)).origin);
    for (let i = 0; i < 3; i++) expectRefusedByPassword(await attempt(client, wrong()));
    expect(calls.count).toBe(3);

    const limited = await expectRateLimited(await attempt(client, wrong()), 60);
    expect(limited.headers.get("content-type")).toContain("text/html");
    expect(limited.headers.get("cache-control")).toBe("no-store");
    const html = await limited.text();
    expect(html).toContain("Too many attempts. Wait a moment and try again.");
    // The page's own form, ready for when the wait is over.
    expect(html).toContain('action="http://127.0.0.1');
    expect(html).toContain('name="csrfToken"');
    // Even the right password is refused while limited, and authorize never runs.
    await expectRateLimited(await attempt(client, { username: "ada", password: "lovelace" }), 60);
    expect(calls.count).toBe(3);
  });

  it("counts per identifier across client addresses, and case or spaces do not make a new identifier", async () => {
    const { config } = credentialsConfig({ max: 3, window: 60, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config, true)).origin);
    expectRefusedByPassword(await attempt(client, wrong("ada"), from("203.0.113.1")));
    expectRefusedByPassword(await attempt(client, wrong("ADA"), from("203.0.113.2")));
    expectRefusedByPassword(await attempt(client, wrong(" Ada "), from("203.0.113.3")));
    await expectRateLimited(await attempt(client, wrong("ada"), from("198.51.100.9")), 60);
    // Another account from the same addresses is not affected.
    expectRefusedByPassword(await attempt(client, wrong("grace"), from("203.0.113.1")));
  });

  it("a JSON body cannot make a new identifier by wrapping the name in an array", async () => {
    const { config } = credentialsConfig({ max: 2, window: 60, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config)).origin);
    const json = async (username: unknown) =>
      client.request("/auth/callback/credentials", {
        json: { username, password: "guess", csrfToken: await client.csrfToken() },
      });
    expectRefusedByPassword(await attempt(client, wrong("ada")));
    expectRefusedByPassword(await json(["ada"]));
    await expectRateLimited(await json(["ADA"]), 60);
  });

  it("a field authorize ignores (a random email next to the username) cannot dodge the count", async () => {
    const { config, calls } = credentialsConfig({
      max: 2,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config)).origin);
    const withNoise = (i: number) => ({ ...wrong("ada"), email: `noise${i}@example.com` });
    expectRefusedByPassword(await attempt(client, withNoise(1)));
    expectRefusedByPassword(await attempt(client, withNoise(2)));
    await expectRateLimited(await attempt(client, withNoise(3)), 60);
    await expectRateLimited(await attempt(client, wrong("ada")), 60);
    expect(calls.count).toBe(2);
  });

  it("authorize may throw RateLimited itself: the same 429 with its Retry-After", async () => {
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      rateLimit: false,
      providers: [
        Credentials({
          credentials: { username: {}, password: { type: "password" } },
          authorize: () => {
            throw new RateLimited("the app's own limiter", { retryAfter: 42 });
          },
        }),
      ],
    };
    const client = new HttpTestClient((await serve(config)).origin);
    const response = await expectRateLimited(await attempt(client, wrong("ada")), 42);
    expect(response.headers.get("retry-after")).toBe("42");
  });

  it("counts per client address across identifiers (password spraying)", async () => {
    const { config } = credentialsConfig({
      max: 5,
      maxPerAddress: 3,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config, true)).origin);
    for (const name of ["u1", "u2", "u3"]) {
      expectRefusedByPassword(await attempt(client, wrong(name), from("203.0.113.7")));
    }
    await expectRateLimited(await attempt(client, wrong("u4"), from("203.0.113.7")), 60);
    expectRefusedByPassword(await attempt(client, wrong("u4"), from("203.0.113.8")));
  });

  it("counts an IPv6 client by its /64, so rotating addresses inside it does not help", async () => {
    const { config } = credentialsConfig({
      max: 5,
      maxPerAddress: 2,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config, true)).origin);
    expectRefusedByPassword(await attempt(client, wrong("u1"), from("2001:db8:1:2::1")));
    expectRefusedByPassword(await attempt(client, wrong("u2"), from("2001:db8:1:2:ffff::9")));
    await expectRateLimited(
      await attempt(client, wrong("u3"), from("2001:0db8:0001:0002::abcd")),
      60,
    );
    expectRefusedByPassword(await attempt(client, wrong("u3"), from("2001:db8:1:3::1")));
  });

  it("without trust proxy a forged X-Forwarded-For does not give a new address", async () => {
    const { config } = credentialsConfig({
      max: 5,
      maxPerAddress: 2,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config, false)).origin);
    expectRefusedByPassword(await attempt(client, wrong("u1"), from("203.0.113.1")));
    expectRefusedByPassword(await attempt(client, wrong("u2"), from("203.0.113.2")));
    await expectRateLimited(await attempt(client, wrong("u3"), from("203.0.113.3")), 60);
  });

  it("a successful sign-in resets the identifier's count, not the address's", async () => {
    const { config } = credentialsConfig({
      max: 3,
      maxPerAddress: 6,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new HttpTestClient((await serve(config)).origin);
    const good = { username: "ada", password: "lovelace" };
    expectRefusedByPassword(await attempt(client, wrong()));
    expectRefusedByPassword(await attempt(client, wrong()));
    expect(setCookie(await attempt(client, good), SESSION)?.value).toBeTruthy();
    // ada's count starts again: two more failures and a sign-in pass (3 would not otherwise).
    expectRefusedByPassword(await attempt(client, wrong()));
    expectRefusedByPassword(await attempt(client, wrong()));
    expect(setCookie(await attempt(client, good), SESSION)?.value).toBeTruthy();
    // But the address has now made 6 attempts: the 7th is refused, whoever it is for.
    await expectRateLimited(await attempt(client, wrong("grace")), 60);
  });

  it("X-Auth-Return-Redirect gets 429 JSON whose url carries error=RateLimited", async () => {
    const { config } = credentialsConfig({ max: 1, window: 60, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config)).origin);
    const headers = { "x-auth-return-redirect": "1" };
    expect((await attempt(client, wrong(), headers)).status).toBe(200);
    const limited = await expectRateLimited(await attempt(client, wrong(), headers), 60);
    expect(limited.headers.get("content-type")).toContain("application/json");
    const { url } = (await limited.json()) as { url: string };
    expect(new URL(url).pathname).toBe("/auth/signin");
    expect(new URL(url).searchParams.get("error")).toBe("RateLimited");
  });

  it("with pages.signIn the 429 page links to it with ?error=RateLimited", async () => {
    const { config } = credentialsConfig(
      { max: 1, window: 60, store: memoryRateLimitStore() },
      { pages: { signIn: "/login" } },
    );
    const { origin } = await serve(config);
    const client = new HttpTestClient(origin);
    await attempt(client, wrong());
    const limited = await expectRateLimited(await attempt(client, wrong()), 60);
    const html = await limited.text();
    expect(html).toContain("Too many attempts");
    expect(html).toContain(`href="${origin}/login?error=RateLimited"`);
  });

  it("the window ends: Retry-After counts down with the clock and attempts pass again after it", async () => {
    let now = 1_000_000;
    const store = memoryRateLimitStore({ now: () => now });
    const { config } = credentialsConfig({ max: 2, window: 60, store });
    const client = new HttpTestClient((await serve(config)).origin);
    expectRefusedByPassword(await attempt(client, wrong()));
    expectRefusedByPassword(await attempt(client, wrong()));
    expect((await attempt(client, wrong())).headers.get("retry-after")).toBe("60");
    now += 45_000;
    expect((await attempt(client, wrong())).headers.get("retry-after")).toBe("15");
    now += 15_000;
    expectRefusedByPassword(await attempt(client, wrong()));
    const signedIn = await attempt(client, { username: "ada", password: "lovelace" });
    expect(setCookie(signedIn, SESSION)?.value).toBeTruthy();
  });

  it("a 1-second window really expires (no injected clock)", async () => {
    const { config } = credentialsConfig({ max: 1, window: 1, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config)).origin);
    expectRefusedByPassword(await attempt(client, wrong()));
    const limited = await expectRateLimited(await attempt(client, wrong()), 1);
    await new Promise((resolve) =>
      setTimeout(resolve, Number(limited.headers.get("retry-after")) * 1000 + 100),
    );
    expectRefusedByPassword(await attempt(client, wrong()));
  });

  it("is on by default (10 per identifier) and rateLimit: false turns it off", async () => {
    const on = credentialsConfig(undefined);
    const onClient = new HttpTestClient((await serve(on.config)).origin);
    const user = `default-${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < 10; i++) expectRefusedByPassword(await attempt(onClient, wrong(user)));
    await expectRateLimited(await attempt(onClient, wrong(user)), 300);

    const off = credentialsConfig(false);
    const offClient = new HttpTestClient((await serve(off.config)).origin);
    for (let i = 0; i < 25; i++) expectRefusedByPassword(await attempt(offClient, wrong(user)));
    expect(off.calls.count).toBe(25);
  });

  it("a failing store refuses the sign-in (fail closed, 503) and logs why", async () => {
    const store: RateLimitStore = {
      increment: () => Promise.reject(new Error("connection refused")),
      reset: () => Promise.resolve(),
    };
    const { config, calls, log } = credentialsConfig({ store });
    const client = new HttpTestClient((await serve(config)).origin);
    const response = await attempt(client, { username: "ada", password: "lovelace" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.text()).toContain("Sign-in is temporarily unavailable");
    expect(setCookie(response, SESSION)).toBeUndefined();
    expect(calls.count).toBe(0);
    const logged = log.errors.find((error) => error.name === "RateLimitUnavailable");
    expect(logged?.message).toContain("rate-limit store failed");
    expect((logged?.cause as Error).message).toBe("connection refused");
  });

  it("a store answering nonsense refuses too", async () => {
    const store = {
      increment: async () => ({ count: Number.NaN, resetIn: 1000 }),
      reset: async () => {},
    };
    const { config, calls } = credentialsConfig({ store });
    const client = new HttpTestClient((await serve(config)).origin);
    const response = await attempt(client, { username: "ada", password: "lovelace" });
    expect(response.status).toBe(503);
    expect(calls.count).toBe(0);
  });

  it("an invalid rateLimit option is a configuration error: no sign-in at all", async () => {
    const { config, calls } = credentialsConfig({ max: 0 });
    const client = new HttpTestClient((await serve(config)).origin);
    const response = await client.request("/auth/callback/credentials", {
      form: { username: "ada", password: "lovelace" },
    });
    expect(response.status).toBe(500);
    expect(calls.count).toBe(0);
  });
});

describe("rate limiting: email sign-in", () => {
  function emailConfig(rateLimit: AuthConfig["rateLimit"]) {
    const { provider, outbox } = outboxEmailProvider();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter: memoryAdapter(),
      providers: [provider],
      rateLimit,
    };
    return { config, outbox };
  }

  async function requestLink(client: TestClient, email: string, headers = {}) {
    const csrfToken = await client.csrfToken();
    return client.request("/auth/signin/email", { form: { email, csrfToken }, headers });
  }

  it("stops a mail flood to one address, whatever its spelling, and sends nothing more", async () => {
    const { config, outbox } = emailConfig({ max: 2, window: 60, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config, true)).origin);
    const sent = await requestLink(client, "victim@example.com", from("203.0.113.1"));
    expect(sent.headers.get("location")).toContain("/auth/verify-request");
    await requestLink(client, " Victim@EXAMPLE.com", from("203.0.113.2"));
    expect(outbox).toHaveLength(2);
    const limited = await expectRateLimited(
      await requestLink(client, "victim@example.com", from("203.0.113.3")),
      60,
    );
    expect(await limited.text()).toContain("Too many attempts");
    expect(outbox).toHaveLength(2);
    // Another address is still served.
    await requestLink(client, "someone@example.com", from("203.0.113.3"));
    expect(outbox).toHaveLength(3);
  });

  it("using the link resets the email address's count, so its owner can sign in again and again", async () => {
    const { config, outbox } = emailConfig({ max: 2, window: 60, store: memoryRateLimitStore() });
    const client = new HttpTestClient((await serve(config)).origin);
    for (let i = 0; i < 4; i++) {
      const response = await client.signInWithEmail("ada@example.com", outbox);
      expect(setCookie(response, SESSION)?.value).toBeTruthy();
    }
    expect(outbox).toHaveLength(4);
  });
});

describe("rate limiting without a framework adapter's address", () => {
  it("a bare Auth(request) counts by identifier only", async () => {
    const { config } = credentialsConfig({
      max: 2,
      maxPerAddress: 1,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const client = new TestClient(config);
    // maxPerAddress 1 would refuse the second attempt if an address were counted.
    expectRefusedByPassword(await attempt(client, wrong("u1")));
    expectRefusedByPassword(await attempt(client, wrong("u2")));
    expectRefusedByPassword(await attempt(client, wrong("u1")));
    await expectRateLimited(await attempt(client, wrong("u1")), 60);
  });

  it("clientAddress() supplies one from the request (here a CDN's header)", async () => {
    const { config } = credentialsConfig({
      max: 5,
      maxPerAddress: 1,
      window: 60,
      store: memoryRateLimitStore(),
      clientAddress: (request) => request.headers.get("cf-connecting-ip") ?? undefined,
    });
    const client = new TestClient(config);
    const cdn = (ip: string) => ({ "cf-connecting-ip": ip });
    expectRefusedByPassword(await attempt(client, wrong("u1"), cdn("203.0.113.5")));
    await expectRateLimited(await attempt(client, wrong("u2"), cdn("203.0.113.5")), 60);
    expectRefusedByPassword(await attempt(client, wrong("u2"), cdn("203.0.113.6")));
  });

  it("SolidAuth counts by the event's clientAddress", async () => {
    const { config } = credentialsConfig({
      max: 5,
      maxPerAddress: 1,
      window: 60,
      store: memoryRateLimitStore(),
    });
    const { POST, GET } = SolidAuth(config);
    const origin = "http://localhost:3000";
    const csrf = (await GET({ request: new Request(`${origin}/api/auth/csrf`) }))!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const post = (username: string, clientAddress: string) =>
      POST({
        clientAddress,
        request: new Request(`${origin}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ username, password: "guess", csrfToken }),
        }),
      });
    expect((await post("u1", "203.0.113.1"))!.status).toBe(302);
    expect((await post("u2", "203.0.113.1"))!.status).toBe(429);
    expect((await post("u2", "203.0.113.2"))!.status).toBe(302);
  });
});

describe("rate limits across a rolling secret rotation (docs/secret.md)", () => {
  it("instances on every phase share counts in a shared store until the old secret is dropped", async () => {
    const NEW = "the-new-secret-of-a-rolling-rotation-0123456789";
    const store = memoryRateLimitStore();
    const phase = (secrets: Partial<AuthConfig>) =>
      new TestClient(credentialsConfig({ max: 3, window: 60, store }, secrets).config);
    // Phases 0, 1 and 2 of the rotation, one attempt each, then the fourth is refused.
    expectRefusedByPassword(await attempt(phase({ secret: SECRET }), wrong()));
    expectRefusedByPassword(await attempt(phase({ secret: SECRET, acceptSecrets: NEW }), wrong()));
    expectRefusedByPassword(await attempt(phase({ secret: [NEW, SECRET] }), wrong()));
    await expectRateLimited(await attempt(phase({ secret: [NEW, SECRET] }), wrong()), 60);
    await expectRateLimited(await attempt(phase({ secret: SECRET }), wrong()), 60);
    // Phase 3 (the old secret gone, after session.maxAge): counts start again, once.
    expectRefusedByPassword(await attempt(phase({ secret: NEW }), wrong()));
  });
});
