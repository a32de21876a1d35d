import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveConfig } from "../../src/core/config.js";
import { frameworkSession } from "../../src/core/get-session.js";
import { AdapterError, SessionStoreUnavailable } from "../../src/errors.js";
import { REVOCATION_RETRY_MS } from "../../src/housekeeping/revocations.js";
import { SessionStoreUnavailable as FromRoot } from "../../src/index.js";
import { authMiddleware, getSession } from "../../src/solid-start/index.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";
import { flakyAdapter } from "../support/flaky-adapter.js";

// When the adapter throws, the answer is "unknown", never "signed out": 503 with Retry-After,
// no cookie cleared, and a sign-out that could not delete its row is refused and retried.

const SALT = "authjs.session-token";

afterEach(() => {
  vi.useRealTimers();
});

function setup(extra: Partial<AuthConfig> = {}) {
  const log = captureLogger();
  const { adapter, inner, state } = flakyAdapter();
  const { provider, outbox } = outboxEmailProvider();
  const signOuts: unknown[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    adapter,
    providers: [provider],
    events: { signOut: (message) => void signOuts.push(message) },
    ...extra,
  };
  const client = new TestClient(config);
  const signIn = () => client.signInWithEmail("ada@example.com", outbox);
  return { config, client, inner, state, signIn, log, signOuts, outbox };
}

describe("SessionStoreUnavailable", () => {
  it("is an AdapterError with a stable type and code, exported from the package root", () => {
    const cause = new Error("refused");
    const error = new SessionStoreUnavailable("down", { cause });
    expect(FromRoot).toBe(SessionStoreUnavailable);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error.type).toBe("SessionStoreUnavailable");
    expect(error.code).toBe("session_store_unavailable");
    expect(error.retryAfter).toBe(5);
    expect(error.cause).toBe(cause);
  });

  it("keeps a retryAfter found along the cause chain (an overloaded pool's)", () => {
    const overload = Object.assign(new Error("queue full"), { retryAfter: 2.5 });
    const wrapped = new AdapterError("Adapter method failed", { cause: overload });
    expect(SessionStoreUnavailable.from(wrapped).retryAfter).toBe(3);
  });
});

describe("/session while the store is down", () => {
  it("answers 503 with Retry-After and a JSON error, keeps the cookie, and recovers", async () => {
    const { client, state, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    state.down = true;
    const response = await client.request("/auth/session");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toContain("no-store");
    await expect(response.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });
    expect(setCookie(response, SALT)).toBeUndefined();
    expect(client.jar.get(SALT)).toBe(token);

    const csrfToken = await client.csrfToken();
    const update = await client.request("/auth/session", { json: { csrfToken, data: {} } });
    expect(update.status).toBe(503);
    expect(setCookie(update, SALT)).toBeUndefined();

    state.down = false;
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("uses the adapter error's own retryAfter", async () => {
    const { client, state, signIn } = setup();
    await signIn();
    Object.assign(state, { down: true, retryAfter: 12 });
    const response = await client.request("/auth/session");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("12");
  });

  it("leaves JWT sessions alone: no store read", async () => {
    const { client, state, signIn } = setup({ session: { strategy: "jwt" } });
    await signIn();
    state.down = true;
    const response = await client.request("/auth/session");
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("getSession throws SessionStoreUnavailable instead of answering null", async () => {
    const { config, client, state, signIn, log } = setup();
    await signIn();
    state.down = true;
    const header = `${SALT}=${client.jar.get(SALT)}`;
    const read = frameworkSession(
      config,
      resolveConfig,
      () => "http",
      () => header,
    );
    await expect(read).rejects.toBeInstanceOf(SessionStoreUnavailable);
    expect(log.errors.at(-1)?.name).toBe("SessionStoreUnavailable");
    state.down = false;
    await expect(
      frameworkSession(
        config,
        resolveConfig,
        () => "http",
        () => header,
      ),
    ).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });
});

describe("which adapter failures are the store being unavailable", () => {
  it.each([
    ["a network error (no code)", undefined, 503],
    ["PostgreSQL shutting down (57P01)", "57P01", 503],
    ["a connection failure (08006)", "08006", 503],
    ["too many connections (53300)", "53300", 503],
    ["Prisma cannot reach the server (P1001)", "P1001", 503],
    ["a value too long (22001)", "22001", 302],
    ["a unique key taken (23505)", "23505", 302],
    ["Prisma's unique constraint (P2002)", "P2002", 302],
  ])("%s", async (_what, code, status) => {
    const { client, state } = setup();
    Object.assign(state, { down: true, code });
    const csrfToken = await client.csrfToken();
    // An address of its own: the rate limiter counts sign-ins per address in this process.
    const email = `class-${code ?? "none"}@example.com`;
    const response = await client.request("/auth/signin/email", { form: { email, csrfToken } });
    expect(response.status).toBe(status);
    if (status === 302) {
      // An error of the request itself: no use waiting, reported as before.
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      );
    }
  });
});

describe("signing in while the store is down", () => {
  it("ends an email sign-in on the 503 'Temporarily unavailable' page with no session", async () => {
    const { client, state, outbox } = setup();
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signin/email", { form: { email: "ada@example.com", csrfToken } });
    const link = new URL(outbox.at(-1)!.url);
    state.down = true;
    const response = await client.request(`${link.pathname}${link.search}`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const html = await response.text();
    expect(html).toContain("Temporarily unavailable");
    expect(html).not.toContain("Server error");
    expect(setCookie(response, SALT)).toBeUndefined();
    expect(client.jar.has(SALT)).toBe(false);
  });

  it("answers the client's X-Auth-Return-Redirect request with 503 JSON naming the error", async () => {
    const { client, state } = setup();
    state.down = true;
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signin/email", {
      form: { email: "ada@example.com", csrfToken },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(response.status).toBe(503);
    await expect(response.json()).resolves.toEqual({
      error: "SessionStoreUnavailable",
      message: expect.any(String),
      url: "http://localhost:3000/auth/error?error=SessionStoreUnavailable",
    });
  });

  it("the error page for it answers 503", async () => {
    const { client } = setup();
    const response = await client.request("/auth/error?error=SessionStoreUnavailable");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Temporarily unavailable");
  });
});

describe("signing out while the store is down", () => {
  it("clears the cookie, says sign-out did not finish, refuses the token, retries the delete", async () => {
    const { client, inner, state, signIn, log, signOuts } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    // Only the delete fails: the row can still be read, so only this process's list refuses it.
    Object.assign(state, { down: true, only: new Set(["deleteSession"]) });
    const response = await client.signOut();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(await response.text()).toContain("Sign-out not finished");
    expect(log.errors.some((e) => e.name === "SignOutError")).toBe(true);
    expect(signOuts).toEqual([]);

    const copy = new TestClient(client.config);
    copy.jar.set(SALT, token);
    await expect(copy.session()).resolves.toBeNull();
    expect(await inner.getSessionAndUser(token)).not.toBeNull();

    state.down = false;
    // Retried from later requests, the first time once REVOCATION_RETRY_MS.first has passed.
    await vi.waitFor(
      async () => {
        await copy.request("/auth/csrf");
        expect(await inner.getSessionAndUser(token)).toBeNull();
      },
      { timeout: REVOCATION_RETRY_MS.max, interval: 100 },
    );
    await vi.waitFor(() => expect(signOuts).toHaveLength(1));
    expect(signOuts[0]).toMatchObject({ session: { sessionToken: token } });
    await expect(copy.session()).resolves.toBeNull();
  });

  it("any failure to delete the row is reported, not only an outage", async () => {
    const { client, state, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    Object.assign(state, { down: true, only: new Set(["deleteSession"]), code: "22001" });
    const response = await client.signOut();
    expect(response.status).toBe(503);
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    const copy = new TestClient(client.config);
    copy.jar.set(SALT, token);
    await expect(copy.session()).resolves.toBeNull();
  });

  it("answers the client's signOut() with 503 JSON carrying the url", async () => {
    const { client, state, signIn } = setup();
    await signIn();
    state.down = true;
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signout", {
      form: { csrfToken },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(response.status).toBe(503);
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    await expect(response.json()).resolves.toMatchObject({
      error: "SessionStoreUnavailable",
      url: "http://localhost:3000",
    });
  });
});

describe("SolidStart's authMiddleware while the store is down", () => {
  it("answers 503 on protected paths and lets public ones through with the session unknown", async () => {
    const { config, client, state, signIn } = setup({ basePath: "/auth" });
    await signIn();
    const cookie = `${SALT}=${client.jar.get(SALT)}`;
    const middleware = authMiddleware(config, { protectedPaths: ["/account"] });
    const event = (path: string, accept: string) => ({
      request: new Request(`http://localhost:3000${path}`, { headers: { cookie, accept } }),
      locals: {} as Record<string, unknown>,
    });
    state.down = true;

    const page = (await middleware(event("/account", "text/html")))!;
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(await page.text()).toContain("Temporarily unavailable");
    const api = (await middleware(event("/account", "application/json")))!;
    expect(api.status).toBe(503);
    await expect(api.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });

    const open = event("/", "text/html");
    expect(await middleware(open)).toBeUndefined();
    expect(open.locals.session).toBeUndefined();
    expect(open.locals.sessionError).toBeInstanceOf(SessionStoreUnavailable);
    await expect(getSession(open.request, config)).rejects.toBeInstanceOf(SessionStoreUnavailable);

    state.down = false;
    const back = event("/account", "text/html");
    expect(await middleware(back)).toBeUndefined();
    expect(back.locals.session).toMatchObject({ user: { email: "ada@example.com" } });
  });
});
