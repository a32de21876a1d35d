import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Passkey from "../../src/providers/passkey.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET } from "../helpers.js";
import { startRP } from "../oauth/rp.js";
import { launchBrowser } from "../support/browser.js";

/**
 * Passkeys end to end: the built-in sign-in page, its script, and the runtime's endpoints in
 * headless Chromium, with a CDP virtual authenticator standing in for the device.
 */

let browser: Browser;
let app: Awaited<ReturnType<typeof startRP>>;
/** The same app reachable at another origin (a look-alike proxy): passkeys must not work there. */
let proxy: Awaited<ReturnType<typeof startRP>>;
const adapter = memoryAdapter();
const log = captureLogger();

beforeAll(async () => {
  app = await startRP("localhost");
  proxy = await startRP("localhost");
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: log.logger,
    experimental: { enableWebAuthn: true },
    providers: [Passkey({ relayingParty: { id: "localhost", name: "Test", origin: app.origin } })],
  };
  app.configure(config);
  proxy.configure(config);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await proxy?.close();
});

interface Device {
  cdp: CDPSession;
  authenticatorId: string;
}

/** A platform authenticator with a resident key store that verifies the user (a passkey). */
async function addDevice(context: BrowserContext, page: Page): Promise<Device> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsOf(device: Device) {
  const { credentials } = await device.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: device.authenticatorId,
  });
  return credentials;
}

async function session(page: Page, origin = app.origin) {
  await page.goto(`${origin}/`);
  return JSON.parse((await page.textContent("body")) ?? "null").session as {
    user: { id?: string; email?: string | null };
  } | null;
}

/** Clicks a passkey button on the built-in sign-in page and waits until the browser lands. */
async function usePasskey(page: Page, button: string, email?: string, origin = app.origin) {
  await page.goto(`${origin}/auth/signin`);
  if (email) await page.fill("#input-email-for-passkey-provider", email);
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth/error", {
      timeout: 15_000,
    }),
    page.getByRole("button", { name: button }).click(),
  ]);
  return new URL(page.url());
}

async function signOut(page: Page) {
  await page.goto(`${app.origin}/auth/signout`);
  await Promise.all([page.waitForURL(`${app.origin}/`), page.click("#submitButton")]);
}

/**
 * Opens the sign-in page and lets conditional UI do the rest: the page asks for the passkeys
 * of the email field's autofill on load, and the virtual authenticator picks its one credential
 * like a user choosing it from the autofill list. No button is clicked.
 */
async function signIn(page: Page, origin = app.origin) {
  await page.goto(`${origin}/auth/signin`, { waitUntil: "commit" });
  await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth/error", {
    timeout: 15_000,
  });
  return new URL(page.url());
}

describe("passkeys in a real browser (virtual authenticator)", () => {
  let context: BrowserContext;
  let page: Page;
  let phone: Device;
  let userId: string;

  beforeAll(async () => {
    context = await browser.newContext();
    // Nothing leaves the machine (the page loads no third-party resource anyway).
    await context.route(
      (url) => !/^http:\/\/localhost[:/]/.test(url.href),
      (route) => route.abort(),
    );
    page = await context.newPage();
    phone = await addDevice(context, page);
  });
  afterAll(() => context?.close());

  it("serves the sign-in page's script itself, under a CSP naming exactly that script", async () => {
    const response = await page.goto(`${app.origin}/auth/signin`);
    const csp = response!.headers()["content-security-policy"];
    expect(csp).toContain(`script-src ${app.origin}/auth/webauthn-script.js`);
    expect(csp).toContain(`connect-src ${app.origin}/auth/webauthn-options/`);
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
    expect(scripts).toEqual([`${app.origin}/auth/webauthn-script.js`]);
  });

  it("registers a passkey on the built-in page and signs the new user in", async () => {
    const landed = await usePasskey(page, "Sign in with Passkey", "ada@example.test");
    expect(landed.pathname).toBe("/");
    const current = await session(page);
    expect(current?.user.email).toBe("ada@example.test");
    userId = (await adapter.getUserByEmail!("ada@example.test"))!.id;
    const [credential] = await credentialsOf(phone);
    expect(credential).toMatchObject({ rpId: "localhost", isResidentCredential: true });
    expect(await adapter.listAuthenticatorsByUserId!(userId)).toHaveLength(1);
  });

  it("signs out, then signs back in through the passkey autofill (conditional UI, nothing typed)", async () => {
    await signOut(page);
    expect(await session(page)).toBeNull();
    const counter = (await credentialsOf(phone))[0]!.signCount;
    const landed = await signIn(page);
    expect(landed.pathname).toBe("/");
    expect((await session(page))?.user.email).toBe("ada@example.test");
    const [stored] = await adapter.listAuthenticatorsByUserId!(userId);
    expect(stored!.counter).toBeGreaterThan(counter);
  });

  it("adds a second device's passkey to the signed-in user, and that device signs in too", async () => {
    const saved = await credentialsOf(phone);
    await phone.cdp.send("WebAuthn.removeVirtualAuthenticator", {
      authenticatorId: phone.authenticatorId,
    });
    const laptop = await addDevice(context, page);

    const landed = await usePasskey(page, "Create a passkey");
    expect(landed.pathname).toBe("/");
    expect((await session(page))?.user.email).toBe("ada@example.test");
    expect(await adapter.listAuthenticatorsByUserId!(userId)).toHaveLength(2);

    await signOut(page);
    await signIn(page);
    expect((await session(page))?.user.email).toBe("ada@example.test");

    // Put the first device back for the next tests.
    await laptop.cdp.send("WebAuthn.removeVirtualAuthenticator", {
      authenticatorId: laptop.authenticatorId,
    });
    phone = await addDevice(context, page);
    await phone.cdp.send("WebAuthn.addCredential", {
      authenticatorId: phone.authenticatorId,
      credential: saved[0]!,
    });
    await signOut(page);
  });

  it("refuses a tampered assertion: WebAuthnVerificationError and no session", async () => {
    await page.route(`${app.origin}/auth/callback/passkey`, async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? "");
      const data = JSON.parse(form.get("data")!);
      const signature = Buffer.from(data.response.signature, "base64url");
      signature[signature.length - 1]! ^= 0x01;
      data.response.signature = signature.toString("base64url");
      form.set("data", JSON.stringify(data));
      await route.continue({ postData: form.toString() });
    });
    const landed = await signIn(page);
    await page.unroute(`${app.origin}/auth/callback/passkey`);
    expect(landed.pathname).toBe("/auth/error");
    expect(landed.searchParams.get("error")).toBe("WebAuthnVerificationError");
    expect(await session(page)).toBeNull();
  });

  it("refuses a replayed challenge: WebAuthnVerificationError and no session", async () => {
    let captured: { body: string; cookie: string } | undefined;
    await page.route(`${app.origin}/auth/callback/passkey`, async (route) => {
      const request = route.request();
      captured = { body: request.postData() ?? "", cookie: (await request.allHeaders()).cookie! };
      await route.continue();
    });
    const landed = await signIn(page);
    await page.unroute(`${app.origin}/auth/callback/passkey`);
    expect(landed.pathname).toBe("/");
    expect((await session(page))?.user.email).toBe("ada@example.test");

    // The same request again, cookie and all (as an attacker who captured it would send it).
    const replay = await fetch(`${app.origin}/auth/callback/passkey`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: captured!.cookie },
      body: captured!.body,
    });
    expect(replay.status).toBe(302);
    const location = new URL(replay.headers.get("location")!);
    expect(location.pathname).toBe("/auth/error");
    expect(location.searchParams.get("error")).toBe("WebAuthnVerificationError");
    const sessionCookies = replay.headers
      .getSetCookie()
      .filter((line) => line.startsWith("authjs.session-token=") && !/Max-Age=0/i.test(line));
    expect(sessionCookies).toEqual([]);
    await signOut(page);
  });

  it("refuses the passkey on another origin (a look-alike proxy): WebAuthnVerificationError", async () => {
    const landed = await signIn(page, proxy.origin);
    expect(landed.origin).toBe(proxy.origin);
    expect(landed.pathname).toBe("/auth/error");
    expect(landed.searchParams.get("error")).toBe("WebAuthnVerificationError");
    expect(await session(page, proxy.origin)).toBeNull();
    expect(log.errors.some((error) => error.name === "WebAuthnVerificationError")).toBe(true);
  });
});
