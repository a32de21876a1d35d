import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../helpers.js";
import {
  confirm,
  confirmedAccount,
  forgot,
  outboxPassword,
  postgresStore,
  reset,
  signIn,
  signUp,
} from "../password/support.js";
import { type Served, serve } from "./server.js";

// Reset and confirmation links under attack, on a real PostgreSQL: used twice, used twice at
// once, bent to another account, expired, or outlived by a password change.

const ADA = "ada@example.com";
const MALLORY = "mallory@example.com";

describe("password links", () => {
  const mail = outboxPassword();
  const stale = outboxPassword({ resetMaxAge: -60 });
  let store: Awaited<ReturnType<typeof postgresStore>>;
  let server: Served;
  let expiring: Served;
  beforeAll(async () => {
    store = await postgresStore();
    server = await serve(
      testConfig({
        adapter: store.adapter,
        session: { strategy: "database" },
        providers: [mail.provider],
      }),
    );
    expiring = await serve(
      testConfig({
        adapter: store.adapter,
        session: { strategy: "database" },
        providers: [stale.provider],
      }),
    );
    await confirmedAccount(server.client(), mail, ADA, "ada original passphrase");
    await confirmedAccount(server.client(), mail, MALLORY, "mallory own passphrase");
  });
  afterAll(async () => {
    await server.close();
    await expiring.close();
    await store.drop();
  });

  async function resetLink(email: string) {
    await forgot(server.client(), email);
    const sent = await mail.next();
    expect(sent).toMatchObject({ kind: "reset", identifier: email });
    return sent.url;
  }

  const refused = (response: Response) =>
    expect(response.headers.get("location")).toMatch(
      /\/auth\/password\/reset\?error=invalid_link&/,
    );

  it("stores only a hash of the token", async () => {
    const link = await resetLink(MALLORY);
    const token = new URL(link).searchParams.get("token")!;
    const { rows } = await store.pool.query(
      `SELECT token FROM verification_token WHERE identifier LIKE 'password-reset:%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token)).not.toContain(token);
  });

  it("a link works once", async () => {
    const link = await resetLink(MALLORY);
    const first = await reset(server.client(), link, "mallory second passphrase");
    expect(first.headers.get("location")).toBe(`${server.origin}/auth/signin`);
    refused(await reset(server.client(), link, "mallory third passphrase"));
    const client = server.client();
    await signIn(client, MALLORY, "mallory second passphrase");
    expect(await client.session()).toMatchObject({ user: { email: MALLORY } });
  });

  it("two uses at the same moment: exactly one succeeds", async () => {
    const link = await resetLink(MALLORY);
    const results = await Promise.all(
      ["race passphrase one", "race passphrase two", "race passphrase six"].map((password) =>
        reset(server.client(), link, password).then((response) => ({ password, response })),
      ),
    );
    const won = results.filter(
      ({ response }) => response.headers.get("location") === `${server.origin}/auth/signin`,
    );
    expect(won).toHaveLength(1);
    for (const { response } of results)
      if (!won.some((w) => w.response === response)) refused(response);
    const client = server.client();
    await signIn(client, MALLORY, won[0]!.password);
    expect(await client.session()).toMatchObject({ user: { email: MALLORY } });
  });

  it("an attacker's own reset link does not reset another account, nor spend its links", async () => {
    const victimLink = await resetLink(ADA);
    const attackerLink = await resetLink(MALLORY);
    refused(await reset(server.client(), attackerLink, "attacker chose this", ADA));
    // Ada's own link, and her password, are untouched.
    const client = server.client();
    await signIn(client, ADA, "ada original passphrase");
    expect(await client.session()).toMatchObject({ user: { email: ADA } });
    expect(
      (await reset(server.client(), victimLink, "ada new passphrase")).headers.get("location"),
    ).toBe(`${server.origin}/auth/signin`);
    // …and the attacker's link, refused for Ada, still works for its own account.
    expect(
      (await reset(server.client(), attackerLink, "mallory final passphrase")).headers.get(
        "location",
      ),
    ).toBe(`${server.origin}/auth/signin`);
  });

  it("a refused new password does not spend the link", async () => {
    const link = await resetLink(MALLORY);
    const weak = await reset(server.client(), link, "password123");
    expect(weak.headers.get("location")).toMatch(/\/auth\/password\/reset\?error=common&/);
    expect(
      (await reset(server.client(), link, "mallory strong passphrase")).headers.get("location"),
    ).toBe(`${server.origin}/auth/signin`);
  });

  it("a reset or change makes every older link of the user useless", async () => {
    const older = await resetLink(MALLORY);
    const newer = await resetLink(MALLORY);
    await reset(server.client(), newer, "mallory newest passphrase");
    refused(await reset(server.client(), older, "mallory via old link"));
  });

  it("an expired link is refused", async () => {
    await forgot(expiring.client(), MALLORY);
    const link = (await stale.next()).url;
    const response = await reset(expiring.client(), link, "mallory late passphrase");
    expect(response.headers.get("location")).toMatch(
      /\/auth\/password\/reset\?error=invalid_link&/,
    );
  });

  it("a confirmation link is bound to its account", async () => {
    await signUp(server.client(), "grace@example.com", "grace own passphrase");
    const link = (await mail.next()).url;
    await signUp(server.client(), "eve@example.com", "eve own passphrase");
    await mail.next();
    // Eve, unconfirmed, presents Grace's token with her own address and password: refused.
    const token = new URL(link).searchParams.get("token")!;
    const bent = await signIn(server.client(), "eve@example.com", "eve own passphrase", token);
    expect(bent.headers.get("location")).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=unverified`,
    );
    expect((await store.adapter.getUserByEmail!("eve@example.com"))?.emailVerified).toBeNull();
    // Grace's link still works, once.
    const client = server.client();
    expect((await confirm(client, link, "grace own passphrase")).headers.get("location")).toBe(
      server.origin,
    );
    expect(await client.session()).toMatchObject({ user: { email: "grace@example.com" } });
    await mail.pending();
  });
});
