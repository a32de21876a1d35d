import { beforeEach, describe, expect, it } from "vitest";
import { captureLogger, outboxEmailProvider, SECRET, setCookie } from "../helpers.js";
import { useMockOP } from "../oauth/harness.js";
import {
  confirm,
  confirmedAccount,
  forgot,
  outboxPassword,
  signIn,
  signUp,
} from "../password/support.js";
import { swappableMemoryAdapter, useServer } from "./server.js";

// Account pre-hijacking with passwords, both ways: an attacker's unconfirmed password account
// with the victim's address must not absorb the victim's provider or magic-link sign-in, and an
// attacker's sign-up or reset must not put a password on the victim's provider account.

const VICTIM = "victim@example.test";
const mail = outboxPassword();
const magic = outboxEmailProvider("invite");
const store = swappableMemoryAdapter();
const adapter = store.adapter;
const op = useMockOP();
const server = useServer(() => ({
  secret: SECRET,
  trustHost: true,
  logger: captureLogger().logger,
  adapter,
  session: { strategy: "database" },
  providers: [
    op.oidc({ allowDangerousEmailAccountLinking: true }),
    // A provider without email linking: an account joins a user only from that user's session.
    op.oidc({ id: "careful", name: "Careful" }),
    mail.provider,
    // Even an app that lets magic links into users it created itself.
    { ...magic.provider, signInUnverifiedUsers: true },
  ],
}));

beforeEach(async () => {
  store.reset();
  await mail.pending();
});

async function victimSignsInWithProvider() {
  op.op.state.behaviour = { claims: { sub: "victim-sub", email: VICTIM, email_verified: true } };
  const client = server().client();
  const { params } = await op.signIn(client);
  const query = new URLSearchParams({ code: "c", state: params.get("state")!, iss: op.op.issuer });
  return { client, response: await client.request(`/auth/callback/mock?${query}`) };
}

describe("an attacker's unconfirmed password account with the victim's address", () => {
  let plantedLink: string;
  beforeEach(async () => {
    await signUp(server().client(), VICTIM, "mallory knows this");
    plantedLink = (await mail.next()).url;
  });

  it("does not absorb the victim's provider sign-in, even with dangerous email linking", async () => {
    const { client, response } = await victimSignsInWithProvider();
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/signin?error=OAuthAccountNotLinked`,
    );
    expect(await client.session()).toBeNull();
  });

  it("does not absorb the victim's magic link, even with signInUnverifiedUsers", async () => {
    const victim = server().client();
    const refused = await victim.signInWithEmail(VICTIM, magic.outbox, "invite");
    expect(refused.headers.get("location")).toBe(
      `${server().origin}/auth/signin?error=OAuthAccountNotLinked`,
    );
    expect(await victim.session()).toBeNull();
  });

  it("cannot be confirmed by the victim clicking the mailed link: the attacker's password is needed", async () => {
    const link = plantedLink;
    const victim = server().client();
    const page = await victim.request(new URL(link).pathname + new URL(link).search);
    expect(await page.text()).toContain("Enter the password you chose");
    const guess = await confirm(victim, link, "victim guesses");
    expect(guess.headers.get("location")).toContain("error=CredentialsSignin&code=credentials");
    expect((await adapter.getUserByEmail(VICTIM))?.emailVerified).toBeNull();
  });

  it("is taken back by the victim's own sign-up: the attacker's password and links stop working", async () => {
    const attackerLink = plantedLink;
    await signUp(server().client(), VICTIM, "victim own passphrase");
    const victimLink = (await mail.next()).url;
    const attacker = server().client();
    const stale = await confirm(attacker, attackerLink, "mallory knows this");
    expect(stale.headers.get("location")).toContain("error=CredentialsSignin");
    expect(await attacker.session()).toBeNull();
    const victim = server().client();
    await confirm(victim, victimLink, "victim own passphrase");
    expect(await victim.session()).toMatchObject({ user: { email: VICTIM } });
  });
});

describe("the victim's provider account", () => {
  beforeEach(async () => {
    const { client } = await victimSignsInWithProvider();
    expect(await client.session()).toMatchObject({ user: { email: VICTIM } });
  });

  it("gets no password from an attacker's sign-up with its address", async () => {
    const response = await signUp(server().client(), VICTIM, "mallory knows this");
    expect(response.headers.get("location")).toContain(
      "/auth/verify-request?provider=password&type=signup",
    );
    const user = await adapter.getUserByEmail(VICTIM);
    expect(await adapter.getPasswordCredential(user!.id)).toBeNull();
    expect((await mail.next()).kind).toBe("exists");
    const attacker = server().client();
    const refused = await signIn(attacker, VICTIM, "mallory knows this");
    expect(setCookie(refused, "authjs.session-token")).toBeUndefined();
    expect(await attacker.session()).toBeNull();
  });

  it("gets no reset link: a password is set only from a signed-in session", async () => {
    await forgot(server().client(), VICTIM);
    expect(await mail.pending()).toEqual([]);
    const { client } = await victimSignsInWithProvider();
    const set = await client.request("/auth/password/change", {
      form: { csrfToken: await client.csrfToken(), password: "victim now has one" },
    });
    expect(set.status).toBe(302);
    const fresh = server().client();
    await signIn(fresh, VICTIM, "victim now has one");
    expect(await fresh.session()).toMatchObject({ user: { email: VICTIM } });
  });
});

describe("linking a provider to a password account (issue 22, point 3)", () => {
  const OWNER = "owner@example.test";
  beforeEach(() => {
    op.op.state.behaviour = { claims: { sub: "owner-sub", email: OWNER, email_verified: true } };
  });

  it("joins the provider's account to the user signed in with their password", async () => {
    const client = await confirmedAccount(server().client(), mail, OWNER, "owner passphrase one");
    const user = await adapter.getUserByEmail(OWNER);
    const response = await op.complete(client, "careful");
    expect(response.headers.get("location")).toBe(server().origin);
    expect(
      await adapter.getUserByAccount({ provider: "careful", providerAccountId: "owner-sub" }),
    ).toMatchObject({ id: user!.id });
    // Either way in now reaches the same user.
    const viaProvider = server().client();
    await op.complete(viaProvider, "careful");
    expect(await viaProvider.session()).toMatchObject({ user: { email: OWNER } });
    const viaPassword = server().client();
    await signIn(viaPassword, OWNER, "owner passphrase one");
    expect(await viaPassword.session()).toMatchObject({ user: { email: OWNER } });
  });

  it("does not join it without that session, though the provider asserts the same address", async () => {
    await confirmedAccount(server().client(), mail, OWNER, "owner passphrase one");
    const stranger = server().client();
    const response = await op.complete(stranger, "careful");
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/signin?error=OAuthAccountNotLinked`,
    );
    expect(await stranger.session()).toBeNull();
    expect(
      await adapter.getUserByAccount({ provider: "careful", providerAccountId: "owner-sub" }),
    ).toBeNull();
  });
});
