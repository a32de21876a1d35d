import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { CapturedMail, startSmtpServer } from "../email/smtp.js";
import { loopbackContext } from "../support/browser.js";

/** An app serving the password provider to a browser, whatever its framework. */
export interface PasswordApp {
  /** e.g. `http://127.0.0.1:4321` (loopback only: the browser context reaches nothing else). */
  origin: string;
  /** The auth handler's path, e.g. `/auth` or `/api/auth`. */
  base: string;
  /**
   * A route answering the browser's session as JSON: `{"session": …}` (an app's own route), or
   * the session itself (`{base}/session`).
   */
  sessionPath: string;
  /** Where a sign-in with no `callbackUrl` lands (the app's home page). */
  home: string;
  /** The SMTP server the app sends its mails to. */
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

/** The link a password mail carries (confirmation or reset). */
function linkIn(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/password\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in:\n${mail.text}`);
  return match[0];
}

async function sessionOf(page: Page, app: PasswordApp) {
  const response = await page.goto(`${app.origin}${app.sessionPath}`);
  expect(response?.status()).toBe(200);
  const body = JSON.parse((await page.textContent("body")) ?? "null");
  const session = body !== null && "session" in body ? body.session : body;
  return session as { user?: { email?: string | null } } | null;
}

const bodyText = async (page: Page) => (await page.textContent("body")) ?? "";

/**
 * Submits a form by its button's visible name and waits until the browser has left the form's
 * page for one that `landsOn` accepts (every form here answers with a redirect elsewhere).
 */
async function submit(page: Page, button: string, landsOn: (url: URL) => boolean = () => true) {
  const before = page.url();
  await Promise.all([
    page.waitForURL((url) => url.href !== before && landsOn(url), { timeout: 30_000 }),
    page.getByRole("button", { name: button }).click(),
  ]);
  return new URL(page.url());
}

/** Types an address and password into the built-in sign-in page and submits it. */
async function signIn(page: Page, app: PasswordApp, email: string, password: string) {
  await page.goto(`${app.origin}${app.base}/signin`);
  // By id: the page may hold other providers' forms with their own "Password" fields.
  await page.fill("#input-email-for-password-provider", email);
  await page.fill("#input-password-for-password-provider", password);
  return submit(page, "Sign in with Password");
}

async function signOut(page: Page, app: PasswordApp) {
  await page.goto(`${app.origin}${app.base}/signout`);
  await submit(page, "Sign out");
}

const atHome = (app: PasswordApp) => (url: URL) => url.href === `${app.origin}${app.home}`;

/**
 * Every email-and-password flow as a person meets it in Chromium, against a running app: sign up
 * on the built-in page, confirm by the mailed link (typing the password), sign out, reset a
 * forgotten password by the mailed link, sign in with the new password (the old one refused),
 * then change it while signed in and see another browser's session end.
 */
export async function expectPasswordJourney(browser: Browser, app: PasswordApp, email: string) {
  const first = "correct horse battery staple";
  const second = "a brand new passphrase";
  const third = "changed once more, for good";
  const laptop = await loopbackContext(browser);
  const phone = await loopbackContext(browser);
  try {
    const page = await laptop.newPage();

    // Sign up from the sign-in page's "Create an account" link.
    await page.goto(`${app.origin}${app.base}/signin`);
    await Promise.all([
      page.waitForURL(`${app.origin}${app.base}/password/signup`),
      page.getByRole("link", { name: "Create an account" }).click(),
    ]);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(first);
    const sent = await submit(page, "Create account", (url) =>
      url.pathname.endsWith("/verify-request"),
    );
    expect(sent.searchParams.get("type")).toBe("signup");
    expect(await bodyText(page)).toContain(`We sent a link to ${email}.`);
    expect(await sessionOf(page, app)).toBeNull();

    // The confirmation mail reaches the SMTP server; its link asks for the password.
    const confirmation = await app.smtp.nextMessage();
    expect(confirmation.to).toEqual([email]);
    expect(confirmation.subject).toContain("Confirm your email address");
    await page.goto(linkIn(confirmation));
    expect(await page.textContent("h1")).toBe("Confirm your address");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill(first);
    await submit(page, "Confirm and sign in", atHome(app));
    expect((await sessionOf(page, app))?.user?.email).toBe(email);

    await signOut(page, app);
    expect(await sessionOf(page, app)).toBeNull();

    // Forgot the password: the sign-in page's link, the mail, the reset page.
    await page.goto(`${app.origin}${app.base}/signin`);
    await Promise.all([
      page.waitForURL(`${app.origin}${app.base}/password/forgot`),
      page.getByRole("link", { name: "Forgot your password?" }).click(),
    ]);
    await page.getByLabel("Email", { exact: true }).fill(email);
    const asked = await submit(page, "Email me a link", (url) =>
      url.pathname.endsWith("/verify-request"),
    );
    expect(asked.searchParams.get("type")).toBe("reset");
    expect(await bodyText(page)).toContain(
      `If an account uses ${email}, we sent it a link to choose a new password.`,
    );
    const resetMail = await app.smtp.nextMessage();
    expect(resetMail.to).toEqual([email]);
    expect(resetMail.subject).toContain("Reset your password");
    await page.goto(linkIn(resetMail));
    expect(await page.textContent("h1")).toBe("Choose a new password");
    await page.getByLabel("New password").fill(second);
    const afterReset = await submit(page, "Save the new password", (url) =>
      url.pathname.endsWith("/signin"),
    );
    expect(afterReset.pathname).toBe(`${app.base}/signin`);
    expect(await bodyText(page)).toContain(
      "Your password has been changed. Sign in with the new one.",
    );

    // The old password is refused, the new one signs in.
    const refused = await signIn(page, app, email, first);
    expect(refused.pathname).toBe(`${app.base}/signin`);
    expect(refused.searchParams.get("error")).toBe("CredentialsSignin");
    expect(refused.searchParams.get("code")).toBe("credentials");
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(await sessionOf(page, app)).toBeNull();
    expect((await signIn(page, app, email, second)).href).toBe(`${app.origin}${app.home}`);
    expect((await sessionOf(page, app))?.user?.email).toBe(email);

    // Another browser signs in too; changing the password here ends that session only.
    const other = await phone.newPage();
    await signIn(other, app, email, second);
    expect((await sessionOf(other, app))?.user?.email).toBe(email);

    await page.goto(`${app.origin}${app.base}/password/change`);
    expect(await page.textContent("h1")).toBe("Change your password");
    await page.getByLabel("Current password").fill(second);
    await page.getByLabel("New password").fill(third);
    await submit(page, "Save the new password", atHome(app));
    expect((await sessionOf(page, app))?.user?.email).toBe(email);
    expect(await sessionOf(other, app)).toBeNull();

    // The phone signs in again with the new password only.
    expect((await signIn(other, app, email, second)).searchParams.get("code")).toBe("credentials");
    await signIn(other, app, email, third);
    expect((await sessionOf(other, app))?.user?.email).toBe(email);
  } finally {
    await laptop.close();
    await phone.close();
  }
}
