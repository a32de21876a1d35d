import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureClient, getCsrfToken, getSession, signIn, signOut } from "../src/client/index.js";
import Credentials from "../src/providers/credentials.js";
import type { AuthConfig } from "../src/types.js";
import { outboxEmailProvider, TestClient, testConfig } from "./helpers.js";
import { flakyAdapter } from "./support/flaky-adapter.js";

let client: TestClient;
const location = { href: "http://localhost:3000/page", reload: vi.fn() };

beforeEach(() => {
  const config: AuthConfig = {
    ...testConfig(),
    providers: [
      Credentials({ authorize: (c) => (c.password === "right" ? { id: "1", name: "Ada" } : null) }),
    ],
  };
  client = new TestClient(config);
  // The browser: fetch goes to Auth() with the client's cookie jar; navigation is recorded.
  vi.stubGlobal("window", { location });
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers));
    const body = init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : undefined;
    return client.request(String(input), {
      method: init.method,
      headers,
      ...(body ? { form: body as Record<string, string> } : {}),
    });
  });
  configureClient({ basePath: "/auth" });
});
afterEach(() => vi.unstubAllGlobals());

describe("the browser client", () => {
  it("reads the CSRF token and the session", async () => {
    await expect(getCsrfToken()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(getSession()).resolves.toBeNull();
  });

  it("signIn with redirect: false returns the error and code, then succeeds", async () => {
    const failed = await signIn("credentials", { password: "wrong", redirect: false });
    expect(failed).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: false,
      url: null,
    });
    const ok = await signIn("credentials", {
      password: "right",
      redirect: false,
      redirectTo: "/after",
    });
    expect(ok).toMatchObject({ error: undefined, ok: true, url: "http://localhost:3000/after" });
    await expect(getSession()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("signIn navigates by default, and signOut ends the session", async () => {
    await signIn("credentials", { password: "right", redirectTo: "/dashboard" });
    expect(location.href).toBe("http://localhost:3000/dashboard");
    await signOut({ redirectTo: "/bye" });
    expect(location.href).toBe("http://localhost:3000/bye");
    await expect(getSession()).resolves.toBeNull();
  });

  it("signOut does not navigate when the server could not end the session, and says why", async () => {
    const { adapter, state } = flakyAdapter();
    const { provider, outbox } = outboxEmailProvider();
    client = new TestClient({ ...testConfig(), adapter, providers: [provider] });
    await client.signInWithEmail("ada@example.com", outbox);
    location.href = "http://localhost:3000/page";
    state.down = true;
    await expect(getSession()).rejects.toThrow("answered 503");
    await expect(signOut({ redirectTo: "/bye" })).resolves.toEqual({
      url: "http://localhost:3000/bye",
      error: "SessionStoreUnavailable",
    });
    expect(location.href).toBe("http://localhost:3000/page");
    expect(client.jar.has("authjs.session-token")).toBe(false);
  });

  it("asks /providers again after a failed attempt instead of failing forever", async () => {
    const real = globalThis.fetch;
    let down = true;
    const seen: string[] = [];
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      seen.push(String(input));
      if (down && String(input).endsWith("/providers")) throw new TypeError("Failed to fetch");
      return real(input, init);
    });
    await expect(signIn("credentials", { password: "right", redirect: false })).rejects.toThrow(
      "Failed to fetch",
    );
    down = false;
    const ok = await signIn("credentials", { password: "right", redirect: false });
    expect(ok).toMatchObject({ ok: true });
    expect(seen.filter((url) => url.endsWith("/providers"))).toHaveLength(2);
    // Once it worked it is remembered.
    await signIn("credentials", { password: "right", redirect: false });
    expect(seen.filter((url) => url.endsWith("/providers"))).toHaveLength(2);
  });

  it("signIn() without a provider opens the sign-in page on the configured base path", async () => {
    configureClient({ basePath: "/custom/auth/" });
    await signIn(undefined, { redirectTo: "/x" });
    expect(location.href).toBe("/custom/auth/signin?callbackUrl=%2Fx");
  });
});
