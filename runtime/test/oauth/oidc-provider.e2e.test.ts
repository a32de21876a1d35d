import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import OIDC from "../../src/providers/oidc.js";
import { captureLogger, HttpTestClient, SECRET, setCookie } from "../helpers.js";
import { launchBrowser, loopbackContext } from "../support/browser.js";
import { type StartedOP, startOP } from "./op.js";
import { startRP } from "./rp.js";

let browser: Browser;
let op: StartedOP;
let rp: Awaited<ReturnType<typeof startRP>>;
const adapter = memoryAdapter();
const events: string[] = [];

beforeAll(async () => {
  rp = await startRP();
  op = await startOP([`${rp.origin}/auth/callback/local`, `${rp.origin}/auth/callback/strict`]);
  rp.configure({
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: captureLogger().logger,
    events: {
      createUser: () => void events.push("createUser"),
      linkAccount: () => void events.push("linkAccount"),
      signIn: () => void events.push("signIn"),
    },
    providers: [
      OIDC({
        id: "local",
        name: "Local OP",
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
      }),
      OIDC({
        id: "strict",
        name: "Strict OP",
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        checks: ["pkce", "state", "nonce"],
      }),
    ],
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await op?.close();
  await rp?.close();
});

/**
 * Clicks through the built-in page and the provider's login and consent pages (as needed) until
 * `done` holds for the page's URL.
 */
async function authorize(page: Page, provider: string, login: string, done: (url: URL) => boolean) {
  await page.goto(`${rp.origin}/auth/signin`);
  await page.getByRole("button", { name: `Sign in with ${provider}` }).click();
  for (let step = 0; step < 4; step++) {
    await page.waitForLoadState("domcontentloaded");
    if (done(new URL(page.url()))) return;
    if (await page.locator('input[name="login"]').count()) {
      await page.fill('input[name="login"]', login);
      await page.fill('input[name="password"]', "anything");
      await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    } else if (await page.locator('button[type="submit"]').count()) {
      await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    } else {
      await page.waitForURL(done, { timeout: 15_000 });
    }
  }
  await page.waitForURL(done, { timeout: 15_000 });
}

/** Signs in with the local OP; ends on the app's home page. */
function signIn(page: Page, login: string) {
  return authorize(
    page,
    "Local OP",
    login,
    (url) => url.origin === rp.origin && !url.pathname.startsWith("/auth/"),
  );
}

async function sessionOn(page: Page) {
  const body = await page.evaluate(async () => (await fetch("/")).json());
  return (body as { session: { user: { name: string; email: string } } | null }).session;
}

describe("OpenID Connect sign-in against a real provider, in a real browser", () => {
  it("signs in, stores the user and account, signs out, and finds the same user again", async () => {
    const context = await loopbackContext(browser);
    const page = await context.newPage();
    try {
      await signIn(page, "alice");
      expect(await sessionOn(page)).toMatchObject({
        user: { name: "User alice", email: "alice@example.test" },
      });

      const user = await adapter.getUserByEmail("alice@example.test");
      // The provider vouches for the address (email_verified: true), so it is stored as verified.
      expect(user).toMatchObject({ name: "User alice", emailVerified: expect.any(Date) });
      const account = await adapter.getAccount("alice", "local");
      expect(account).toMatchObject({
        userId: user!.id,
        type: "oidc",
        provider: "local",
        token_type: "bearer",
      });
      expect(account!.access_token).toEqual(expect.any(String));
      expect(account!.id_token).toEqual(expect.any(String));
      expect(account!.expires_at).toBeGreaterThan(Date.now() / 1000);
      expect(events).toEqual(["createUser", "linkAccount", "signIn"]);
      const names = (await context.cookies()).map((c) => c.name);
      for (const check of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"])
        expect(names).not.toContain(check);

      await page.goto(`${rp.origin}/auth/signout`);
      await Promise.all([page.waitForURL(`${rp.origin}/`), page.click("#submitButton")]);
      expect(await sessionOn(page)).toBeNull();

      await signIn(page, "alice");
      expect(await sessionOn(page)).toMatchObject({ user: { email: "alice@example.test" } });
      expect(
        await adapter.getUserByAccount({ provider: "local", providerAccountId: "alice" }),
      ).toMatchObject({ id: user!.id });
      expect(events.filter((e) => e === "createUser")).toHaveLength(1);
      expect(op.tokenRequests()).toBe(2);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("refuses callbacks without checks, stolen codes and access_denied, with no session", async () => {
    const before = op.tokenRequests();
    const client = new HttpTestClient(rp.origin);
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/local", { form: { csrfToken } });
    const authorization = new URL(start.headers.get("location")!);
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    const iss = encodeURIComponent(op.issuer);

    // No PKCE cookie (another browser, or the cookie expired): refused before any token request.
    const foreign = await new HttpTestClient(rp.origin).request(
      `/auth/callback/local?code=stolen&iss=${iss}`,
    );
    expect(foreign.headers.get("location")).toBe(`${rp.origin}/auth/error?error=Configuration`);
    expect(op.tokenRequests()).toBe(before);

    // The provider's refusal: no token request either, and its text is not reflected.
    const denied = await client.request(
      `/auth/callback/local?error=access_denied&error_description=%3Cb%3E&iss=${iss}`,
    );
    expect(denied.headers.get("location")).toBe(
      `${rp.origin}/auth/signin?error=OAuthCallbackError`,
    );
    expect(op.tokenRequests()).toBe(before);

    // A code not issued for this PKCE verifier: the real provider refuses it.
    const again = await client.request("/auth/signin/local", { form: { csrfToken } });
    expect(again.status).toBe(302);
    const stolen = await client.request(`/auth/callback/local?code=stolen-code&iss=${iss}`);
    expect(stolen.headers.get("location")).toBe(
      `${rp.origin}/auth/signin?error=OAuthCallbackError`,
    );
    expect(setCookie(stolen, "authjs.session-token")).toBeUndefined();
    expect(op.tokenRequests()).toBe(before + 1);
  });
  it("refuses a tampered state and a wrong iss without spending the flow, then a replay", async () => {
    const context = await loopbackContext(browser);
    const page = await context.newPage();
    try {
      // Hold the provider's real redirect back (a real code) instead of delivering it.
      const holding = rp.holdNext("/auth/callback/strict");
      await authorize(page, "Strict OP", "bob", (url) => url.pathname === "/auth/callback/strict");
      const held = await holding;
      expect(held.searchParams.get("iss")).toBe(op.issuer);
      const before = op.tokenRequests();
      const deliver = async (change: Record<string, string>) => {
        const url = new URL(held);
        for (const [key, value] of Object.entries(change)) url.searchParams.set(key, value);
        await page.goto(url.href);
        return page.url();
      };

      expect(await deliver({ state: "forged" })).toBe(
        `${rp.origin}/auth/error?error=Configuration`,
      );
      expect(await deliver({ iss: "https://evil.example" })).toBe(
        `${rp.origin}/auth/error?error=Configuration`,
      );
      expect(op.tokenRequests()).toBe(before);
      await page.goto(`${rp.origin}/`);
      expect(await sessionOn(page)).toBeNull();

      // The forgeries spent nothing: the real response still signs bob in.
      expect(await deliver({})).toBe(`${rp.origin}/`);
      expect(await sessionOn(page)).toMatchObject({ user: { email: "bob@example.test" } });
      expect(op.tokenRequests()).toBe(before + 1);

      // Replayed (back button, a leaked URL): the checks are spent, the code is not sent again.
      expect(await deliver({})).toBe(`${rp.origin}/auth/error?error=Configuration`);
      expect(op.tokenRequests()).toBe(before + 1);
    } finally {
      await context.close();
    }
  }, 60_000);
});
