import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../src/adapters.js";
import Password from "../../src/providers/password.js";
import { type CapturedMail, startSmtpServer } from "../email/smtp.js";
import type { HttpTestClient } from "../helpers.js";
import { type Served, serve } from "../security/server.js";
import {
  confirm,
  FAST_HASH,
  forgot,
  passwordConfig,
  pathOf,
  postgresStore,
  reset,
  signIn,
  signUp,
} from "./support.js";

// Every flow of the password provider as a user meets it: a real Express server, a real
// PostgreSQL (a fresh schema, migrated by `migrate`) and a real SMTP server receiving the mails.

function linkIn(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/password\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in:\n${mail.text}`);
  return match[0];
}

describe.each([
  "database",
  "jwt",
] as const)("email and password accounts (%s sessions)", (strategy) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let store: { adapter: Adapter; drop(): Promise<void> };
  let server: Served;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    store = await postgresStore();
    const provider = Password({ ...FAST_HASH, server: smtp.url, from: "Auth <auth@app.test>" });
    server = await serve(passwordConfig(provider, store.adapter, strategy));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await store.drop();
  });

  const email = `ada-${strategy}@example.com`;
  let client: HttpTestClient;

  it("sign-up answers 'check your email', signs nobody in, and mails a confirmation link", async () => {
    client = server.client();
    const response = await signUp(client, email, "correct horse battery");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `${server.origin}/auth/verify-request?provider=password&type=signup`,
    );
    expect(await client.session()).toBeNull();
    const page = await client.request(pathOf(response.headers.get("location")!));
    expect(await page.text()).toContain(`We sent a link to <strong>${email}</strong>`);

    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toContain("Confirm your email address");
    const link = linkIn(mail);
    expect(link).toMatch(
      new RegExp(`^${server.origin}/auth/password/verify\\?token=[0-9a-f]{64}&`),
    );

    // Before confirming, the right password does not sign in: a new link is sent instead.
    const early = await signIn(server.client(), email, "correct horse battery");
    expect(early.headers.get("location")).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=unverified`,
    );
    const again = await smtp.nextMessage();
    expect(again.subject).toContain("Confirm your email address");

    // The link opens a page asking for the password (autocomplete current-password).
    const confirmPage = await client.request(pathOf(link));
    const html = await confirmPage.text();
    expect(confirmPage.status).toBe(200);
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain(`action="${server.origin}/auth/callback/password"`);

    const confirmed = await confirm(client, link, "correct horse battery");
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(server.origin);
    expect(await client.session()).toMatchObject({ user: { email } });
  });

  it("signs out, and signs in again with the password", async () => {
    await client.signOut();
    expect(await client.session()).toBeNull();
    const response = await signIn(client, email, "correct horse battery");
    expect(response.headers.get("location")).toBe(server.origin);
    expect(await client.session()).toMatchObject({ user: { email } });
  });

  it("a forgotten password is reset by the mailed single-use link, and the old one stops working", async () => {
    const other = server.client();
    const asked = await forgot(other, email);
    expect(asked.headers.get("location")).toBe(
      `${server.origin}/auth/verify-request?provider=password&type=reset`,
    );
    const mail = await smtp.nextMessage();
    expect(mail.subject).toContain("Reset your password");
    const link = linkIn(mail);

    const form = await other.request(pathOf(link));
    const html = await form.text();
    expect(html).toContain('autocomplete="new-password"');
    expect(html).toContain('autocomplete="username"');

    const done = await reset(other, link, "a brand new passphrase");
    expect(done.headers.get("location")).toBe(`${server.origin}/auth/signin`);
    const signInPage = await (await other.request("/auth/signin")).text();
    expect(signInPage).toContain("Your password has been changed");

    // The session signed in before the reset has ended.
    expect(await client.session()).toBeNull();
    const old = await signIn(server.client(), email, "correct horse battery");
    expect(old.headers.get("location")).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=credentials`,
    );
    const fresh = server.client();
    await signIn(fresh, email, "a brand new passphrase");
    expect(await fresh.session()).toMatchObject({ user: { email } });

    const reused = await reset(server.client(), link, "yet another passphrase");
    expect(reused.headers.get("location")).toContain("/auth/password/reset?error=invalid_link");
  });

  it("changes the password while signed in: this browser stays signed in, the others do not", async () => {
    const here = server.client();
    const elsewhere = server.client();
    await signIn(here, email, "a brand new passphrase");
    await signIn(elsewhere, email, "a brand new passphrase");
    const page = await here.request("/auth/password/change");
    expect(await page.text()).toContain('autocomplete="current-password"');

    const wrong = await here.request("/auth/password/change", {
      form: {
        csrfToken: await here.csrfToken(),
        currentPassword: "nope nope nope",
        password: "changed passphrase 1",
      },
    });
    expect(wrong.headers.get("location")).toBe(
      `${server.origin}/auth/password/change?error=wrong_password`,
    );

    const changed = await here.request("/auth/password/change", {
      form: {
        csrfToken: await here.csrfToken(),
        currentPassword: "a brand new passphrase",
        password: "changed passphrase 1",
      },
    });
    expect(changed.status).toBe(302);
    expect(await here.session()).toMatchObject({ user: { email } });
    expect(await elsewhere.session()).toBeNull();
    const anew = server.client();
    await signIn(anew, email, "changed passphrase 1");
    expect(await anew.session()).toMatchObject({ user: { email } });
  });

  it("answers apps with their own forms in JSON with X-Auth-Return-Redirect", async () => {
    const app = server.client();
    const csrfToken = await app.csrfToken();
    const headers = { "x-auth-return-redirect": "1" };
    const ok = await app.request("/auth/callback/password", {
      json: { csrfToken, email, password: "changed passphrase 1" },
      headers,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ url: server.origin });
    const weak = await app.request("/auth/password/signup", {
      json: { csrfToken, email: "new@example.com", password: "password1" },
      headers,
    });
    expect(await weak.json()).toEqual({
      url: `${server.origin}/auth/password/signup?error=common&email=new%40example.com`,
    });
  });
});
