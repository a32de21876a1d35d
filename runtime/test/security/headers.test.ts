/**
 * Security headers over HTTP, against a real Express server: every built-in page (the 429
 * rate-limited sign-in page and the passkey sign-in page with its own script policy included)
 * forbids framing, sniffing, referrers and caching; redirects that set or clear a session cookie
 * are never cached; the JSON endpoints are never sniffed as anything but JSON.
 */
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Passkey from "../../src/providers/passkey.js";
import { memoryRateLimitStore } from "../../src/rate-limit/index.js";
import { outboxEmailProvider, setCookie, testConfig } from "../helpers.js";
import { credentialsAndEmail, useServer } from "./server.js";

const SESSION = "authjs.session-token";
/** The policy of every page without a script (runtime/src/core/security-headers.ts). */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'; base-uri 'none'";

const mail = outboxEmailProvider();
const server = useServer(credentialsAndEmail(mail.provider));
// Every credentials attempt fails; after one, the next is rate limited (429 with the page).
const limited = useServer(() =>
  testConfig({ rateLimit: { max: 1, window: 60, store: memoryRateLimitStore() } }, null),
);
const passkeys = useServer(() =>
  testConfig({
    adapter: memoryAdapter(),
    experimental: { enableWebAuthn: true },
    providers: [...testConfig().providers, Passkey()],
  }),
);

/** The headers every built-in page must send, whatever its status. */
function expectPageHeaders(response: Response, policy = PAGE_POLICY) {
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const csp = response.headers.get("content-security-policy")!;
  expect(csp).toBe(policy);
  expect(csp.split("; ")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("cache-control")).toBe("no-store");
}

describe("every built-in page sends the security headers", () => {
  it.each([
    ["sign-in", "/auth/signin", 200],
    ["sign-in with an error", "/auth/signin?error=CredentialsSignin", 200],
    ["sign-out", "/auth/signout", 200],
    ["error", "/auth/error", 200],
    ["error: Verification", "/auth/error?error=Verification", 403],
    ["error: AccessDenied", "/auth/error?error=AccessDenied", 403],
    ["error: Configuration", "/auth/error?error=Configuration", 500],
    ["verify-request", "/auth/verify-request?provider=email&type=email", 200],
  ])("%s (%s)", async (_label, path, status) => {
    const response = await server().client().request(path);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain("<html");
    expectPageHeaders(response);
  });

  it("the 429 rate-limited sign-in page", async () => {
    const client = limited().client();
    const attempt = async () =>
      client.request("/auth/callback/credentials", {
        form: { username: "ada", password: "guess", csrfToken: await client.csrfToken() },
      });
    expect((await attempt()).status).toBe(302);
    const response = await attempt();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await response.text()).toContain("Too many attempts");
    expectPageHeaders(response);
  });

  it("the passkey sign-in page: the same headers, and its policy allows exactly the runtime's script", async () => {
    const { origin } = passkeys();
    const response = await passkeys().client().request("/auth/signin");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("data-webauthn-options");
    expectPageHeaders(
      response,
      `${PAGE_POLICY}; script-src ${origin}/auth/webauthn-script.js; connect-src ${origin}/auth/webauthn-options/`,
    );
  });
});

describe("redirects that set or clear a session cookie are never cached", () => {
  function expectSessionRedirect(response: Response) {
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  }

  it("the credentials sign-in callback", async () => {
    const response = await server()
      .client()
      .signInWithCredentials({ username: "ada", password: "lovelace" });
    expectSessionRedirect(response);
    expect(setCookie(response, SESSION)?.value).toBeTruthy();
  });

  it("the magic-link callback", async () => {
    const client = server().client();
    const response = await client.signInWithEmail("ada@example.test", mail.outbox);
    expect(new URL(mail.outbox.at(-1)!.url).pathname).toBe("/auth/callback/email");
    expectSessionRedirect(response);
    expect(setCookie(response, SESSION)?.value).toBeTruthy();
  });

  it("sign-out, which clears the session cookie", async () => {
    const client = server().client();
    await client.signInWithCredentials({ username: "ada", password: "lovelace" });
    const response = await client.signOut();
    expectSessionRedirect(response);
    expect(setCookie(response, SESSION)?.attributes["max-age"]).toBe("0");
  });
});

describe("the JSON endpoints are never sniffed", () => {
  it.each([
    ["/auth/session", true],
    ["/auth/csrf", true],
    ["/auth/providers", false],
  ])("%s", async (path, noCache) => {
    const client = server().client();
    await client.signInWithCredentials({ username: "ada", password: "lovelace" });
    const response = await client.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toBeTruthy();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    if (noCache) expect(response.headers.get("cache-control")).toContain("no-store");
  });
});
