import { beforeEach, describe, expect, it } from "vitest";
import {
  captureLogger,
  type HttpTestClient,
  outboxEmailProvider,
  SECRET,
  setCookie,
} from "../helpers.js";
import { useMockOP } from "../oauth/harness.js";
import { swappableMemoryAdapter, useServer } from "./server.js";

// Account pre-hijacking (Sudhodanan & Paverd, 2022): the attacker creates an account with the
// victim's address before the victim does, and waits for the victim's sign-in to merge into it.
// A row whose address nobody has proven must never absorb a verified identity.

const VICTIM = "victim@example.test";
const mail = outboxEmailProvider();
// The same magic links, for an app that invites users it created itself.
const invites = outboxEmailProvider("invite");
const store = swappableMemoryAdapter();
const adapter = store.adapter;
const op = useMockOP();
const server = useServer(() => ({
  secret: SECRET,
  trustHost: true,
  logger: captureLogger().logger,
  // Swapped per test (see swappableMemoryAdapter).
  adapter,
  session: { strategy: "database" },
  providers: [
    op.oidc({ allowDangerousEmailAccountLinking: true }),
    op.oidc({ id: "careful", name: "Careful" }),
    mail.provider,
    { ...invites.provider, signInUnverifiedUsers: true },
  ],
}));

beforeEach(() => {
  store.reset();
  op.op.state.userinfo = { sub: "victim-sub", email: VICTIM, email_verified: true };
});

/** The attacker signs in first, with the victim's address, which the provider did not verify. */
async function malloryPlantsAccount() {
  op.op.state.behaviour = { claims: { sub: "mallory-sub", email: VICTIM, email_verified: false } };
  const mallory = server().client();
  const { params } = await op.signIn(mallory);
  const query = new URLSearchParams({ code: "c", state: params.get("state")!, iss: op.op.issuer });
  const created = await mallory.request(`/auth/callback/mock?${query}`);
  expect(setCookie(created, "authjs.session-token")).toBeDefined();
  return mallory;
}

/** The victim signs in with the provider, which vouches for the address. */
async function victimSignsIn(provider = "mock") {
  op.op.state.behaviour = { claims: { sub: "victim-sub", email: VICTIM, email_verified: true } };
  const client = server().client();
  const { params } = await op.signIn(client, provider);
  const query = new URLSearchParams({ code: "c", state: params.get("state")!, iss: op.op.issuer });
  const response = await client.request(`/auth/callback/${provider}?${query}`);
  return { client, response };
}

async function expectNotLinked(client: HttpTestClient, response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(
    `${server().origin}/auth/signin?error=OAuthAccountNotLinked`,
  );
  expect(setCookie(response, "authjs.session-token")).toBeUndefined();
  await expect(client.session()).resolves.toBeNull();
}

describe("an unverified local account with the victim's address", () => {
  beforeEach(async () => {
    // What an app's own sign-up form (password, no verification yet) leaves in the database.
    await adapter.createUser!({
      id: "planted",
      email: VICTIM,
      emailVerified: null,
      name: "Mallory",
    });
  });

  it("is not linked to the victim's provider account, even with dangerous email linking", async () => {
    const { client, response } = await victimSignsIn();
    await expectNotLinked(client, response);
    expect(
      await adapter.getUserByAccount!({ provider: "mock", providerAccountId: "victim-sub" }),
    ).toBeNull();
  });

  it("does not absorb the victim's magic link: the attacker's password would still work", async () => {
    const victim = server().client();
    const refused = await victim.signInWithEmail(VICTIM, mail.outbox);
    await expectNotLinked(victim, refused);
    expect((await adapter.getUser!("planted"))?.emailVerified).toBeNull();
  });

  it("is not linked by a provider that does not opt into email linking", async () => {
    const { client, response } = await victimSignsIn("careful");
    await expectNotLinked(client, response);
  });

  it("once the address is verified, the opted-in provider links (the refusals above can fail)", async () => {
    await adapter.updateUser!({ id: "planted", emailVerified: new Date() });
    const { client, response } = await victimSignsIn();
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { email: VICTIM } });
    expect(
      await adapter.getUserByAccount!({ provider: "mock", providerAccountId: "victim-sub" }),
    ).toMatchObject({ id: "planted" });
  });
});

describe("an account created through a provider that did not verify the address", () => {
  it("does not absorb the victim's later sign-in with a provider that did", async () => {
    await malloryPlantsAccount();
    const { client, response } = await victimSignsIn("careful");
    await expectNotLinked(client, response);
    const { client: again, response: dangerous } = await victimSignsIn();
    await expectNotLinked(again, dangerous);
  });

  // The magic link proves the address, but the user holding it was made through another sign-in
  // method whose owner never proved it: merging would hand the victim's account to the attacker's
  // provider identity. The sign-in is refused and that user stays unverified.
  it("refuses the victim's later magic-link sign-in into it, and leaves it unverified", async () => {
    const mallory = await malloryPlantsAccount();
    const victim = server().client();
    const refused = await victim.signInWithEmail(VICTIM, mail.outbox);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(
      `${server().origin}/auth/signin?error=OAuthAccountNotLinked`,
    );
    expect(setCookie(refused, "authjs.session-token")?.value ?? "").toBe("");
    await expect(victim.session()).resolves.toBeNull();
    const planted = await adapter.getUserByEmail!(VICTIM);
    expect(planted?.emailVerified).toBeNull();
    // The attacker's session is still only the attacker's own, unverified user.
    await expect(mallory.session()).resolves.toMatchObject({ user: { email: VICTIM } });
    expect(
      await adapter.getUserByAccount!({ provider: "mock", providerAccountId: "mallory-sub" }),
    ).toMatchObject({ id: planted!.id, emailVerified: null });
  });

  it("lets a user whose provider verified the address use a magic link later", async () => {
    const { client } = await victimSignsIn();
    await expect(client.session()).resolves.toMatchObject({ user: { email: VICTIM } });
    const owner = await adapter.getUserByAccount!({
      provider: "mock",
      providerAccountId: "victim-sub",
    });
    expect(owner?.emailVerified).toBeInstanceOf(Date);
    const later = server().client();
    await later.signInWithEmail(VICTIM, mail.outbox);
    await expect(later.session()).resolves.toMatchObject({ user: { email: VICTIM } });
    expect((await adapter.getUserByEmail!(VICTIM))?.id).toBe(owner!.id);
  });

  it("with signInUnverifiedUsers, a user the app invited (no linked account) signs in", async () => {
    await adapter.createUser!({ id: "invited", email: VICTIM, emailVerified: null });
    const victim = server().client();
    await victim.signInWithEmail(VICTIM, invites.outbox, "invite");
    await expect(victim.session()).resolves.toMatchObject({ user: { email: VICTIM } });
    expect((await adapter.getUser!("invited"))?.emailVerified).toBeInstanceOf(Date);
  });

  it("with signInUnverifiedUsers, a user another sign-in method created is still refused", async () => {
    await malloryPlantsAccount();
    const victim = server().client();
    const refused = await victim.signInWithEmail(VICTIM, invites.outbox, "invite");
    await expectNotLinked(victim, refused);
  });
});
