import { describe, expect, it } from "vitest";
import type { Adapter, AdapterAccount, AdapterUser } from "../../src/adapters.js";

export interface ConformanceOptions {
  /** Run the WebAuthn (authenticator) methods. Default true. */
  webauthn?: boolean;
  /**
   * The adapter returns ids as strings. Default true. `@auth/pg-adapter` returns numbers, which
   * the runtime accepts (it only ever compares ids it got from the same adapter).
   */
  stringIds?: boolean;
  /**
   * Ids past the INTEGER range are unknown users (null), not errors. Default true.
   * `@auth/pg-adapter` lets PostgreSQL refuse them ("out of range for type integer").
   */
  outOfRangeIds?: boolean;
  /**
   * Session tokens outside printable ASCII (a NUL byte from a forged cookie) are unknown
   * sessions, not database errors. Default true. `@auth/pg-adapter` lets PostgreSQL refuse them.
   */
  unprintableTokens?: boolean;
  /** Run `listAccountsByUserId` (create-auth's extension). Default true. */
  listAccounts?: boolean;
  /**
   * What writes aimed at rows that do not exist (`updateSession`, `deleteSession`,
   * `unlinkAccount`, `deleteUser`) do. Default "null": nothing, answering null or undefined.
   * `@auth/prisma-adapter` throws Prisma's P2025 instead; the runtime copes with both (it only
   * updates sessions it has just read, and a sign-out of a session already gone is done).
   * "either": some calls throw and others answer nothing (`@auth/kysely-adapter` takes the first
   * row "or throw" in some methods and, on MySQL without `RETURNING`, not in others).
   */
  missingRows?: "null" | "throw" | "either";
  /**
   * Of concurrent `useVerificationToken` calls for one token, exactly one gets it. Default true.
   * `@auth/drizzle-adapter`, `@auth/kysely-adapter` and `@auth/prisma-adapter` on MySQL/MariaDB
   * read, then delete (no `RETURNING` there), so every concurrent call can get the token.
   */
  atomicVerificationTokens?: boolean;
  /**
   * `getUser` of an id the column type cannot hold ("not-an-id", "999999999") is null. Default true. A
   * PostgreSQL `uuid` column refuses it (22P02) through `@auth/kysely-adapter`; the runtime only
   * looks up ids the adapter gave it.
   */
  malformedIds?: boolean;
}

const future = (days: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + days * 86_400_000);
let counter = 0;
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Every Adapter method, with the edge cases the runtime relies on. `adapter()` returns the
 * adapter under test (created by the caller's hooks).
 *
 * Auth.js's own adapter tests (`runBasicTests` in its repository's `packages/utils`, a private
 * package never published to npm) cannot be installed; each of their checks has its counterpart
 * here: user create/get/get-by-email/update, session create/get-with-user/update/delete,
 * linkAccount and getUserByAccount (unknown → null), verification tokens (single use, wrong
 * identifier → null), unlinkAccount, deleteUser with its sessions and accounts, getAccount
 * (unknown provider, account id or both → null), and the authenticator methods (a counter update
 * of an unknown credential throws). Theirs read rows back with per-ORM SQL; here the adapter's own
 * reads do, and the magic-link flows (authjs-orm/flow.ts) read the user row through the ORM.
 */
export function describeAdapterConformance(
  name: string,
  adapter: () => Required<Adapter> | Adapter,
  options: ConformanceOptions = {},
) {
  const a = () => adapter() as Required<Adapter>;
  /** A write to a missing row: nothing (null or undefined), or a rejection (`missingRows`). */
  const missing = async (write: () => unknown, label?: string) => {
    const result = Promise.resolve().then(write);
    if (options.missingRows === "throw") await expect(result, label).rejects.toThrow();
    else if (options.missingRows === "either") {
      const outcome = await result.then(
        (value) => value ?? null,
        (error: unknown) => error,
      );
      if (outcome !== null) expect(outcome, label).toBeInstanceOf(Error);
    } else expect((await result) ?? null, label).toBeNull();
  };
  const newUser = (extra: Partial<AdapterUser> = {}) =>
    a().createUser({
      id: crypto.randomUUID(),
      email: `${unique("user")}@example.com`,
      emailVerified: null,
      name: "Fill Murray",
      image: "https://example.com/fill.png",
      ...extra,
    });
  const accountFor = (userId: string): AdapterAccount => ({
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId: unique("gh"),
    access_token: unique("access"),
    refresh_token: unique("refresh"),
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    scope: "read:user",
  });

  describe(`${name}: adapter conformance`, () => {
    it("createUser returns the stored user with a string id; getUser finds it", async () => {
      const verified = future(0);
      const user = await newUser({ emailVerified: verified });
      expect(typeof user.id).toBe(options.stringIds === false ? "number" : "string");
      expect(user).toMatchObject({ name: "Fill Murray", image: "https://example.com/fill.png" });
      expect(user.emailVerified).toBeInstanceOf(Date);
      expect(user.emailVerified!.valueOf()).toBe(verified.valueOf());
      expect(await a().getUser(user.id)).toEqual(user);
    });

    it("getUser and getUserByEmail return null for unknown users", async () => {
      if (options.malformedIds !== false) {
        expect(await a().getUser("999999999")).toBeNull();
        expect(await a().getUser("not-an-id")).toBeNull();
      }
      expect(await a().getUserByEmail(`${unique("nobody")}@example.com`)).toBeNull();
    });

    it.skipIf(options.outOfRangeIds === false)(
      "ids past the INTEGER range are unknown users, not database errors",
      async () => {
        for (const id of ["2147483648", "99999999999", "999999999999999999", "9".repeat(30)]) {
          expect(await a().getUser(id), id).toBeNull();
          expect(await a().deleteUser(id), id).toBeFalsy();
          const update = Promise.resolve().then(() => a().updateUser({ id, name: "x" }));
          await expect(update, id).rejects.toThrow(`No user with id ${id}`);
        }
        expect(await a().getUser("2147483647")).toBeNull();
      },
    );

    it("getUserByEmail finds the user", async () => {
      const user = await newUser();
      expect(await a().getUserByEmail(user.email)).toEqual(user);
    });

    it("updateUser changes only the given fields and persists them", async () => {
      const user = await newUser();
      const verified = future(0);
      const updated = await a().updateUser({ id: user.id, name: "Ada", emailVerified: verified });
      expect(updated).toMatchObject({
        id: user.id,
        name: "Ada",
        email: user.email,
        image: user.image,
      });
      expect(updated.emailVerified!.valueOf()).toBe(verified.valueOf());
      expect(await a().getUser(user.id)).toEqual(updated);
    });

    it("linkAccount stores the account; getUserByAccount and getAccount find it", async () => {
      const user = await newUser();
      const account = accountFor(user.id);
      const linked = await a().linkAccount(account);
      if (linked) expect(linked).toMatchObject(account);
      expect(
        await a().getUserByAccount({
          provider: "github",
          providerAccountId: account.providerAccountId,
        }),
      ).toEqual(user);
      if (a().getAccount) {
        const found = await a().getAccount(account.providerAccountId, "github");
        expect(found).toMatchObject({ ...account, expires_at: account.expires_at });
        expect(typeof found!.expires_at).toBe("number");
        expect(await a().getAccount(account.providerAccountId, "gitlab")).toBeNull();
        expect(await a().getAccount(unique("none"), "github")).toBeNull();
        expect(await a().getAccount(unique("none"), "gitlab")).toBeNull();
      }
      expect(
        await a().getUserByAccount({ provider: "github", providerAccountId: unique("none") }),
      ).toBeNull();
    });

    // Optional (create-auth's adapters have it; Auth.js's interface does not).
    it.skipIf(options.listAccounts === false)(
      "listAccountsByUserId lists a user's accounts, and only theirs",
      async () => {
        const user = await newUser();
        const other = await newUser();
        const first = accountFor(user.id);
        const second = { ...accountFor(user.id), provider: "gitlab" };
        await a().linkAccount(first);
        await a().linkAccount(second);
        await a().linkAccount(accountFor(other.id));
        const listed = await a().listAccountsByUserId(user.id);
        expect(listed.map((account) => account.provider).sort()).toEqual(["github", "gitlab"]);
        expect(listed.every((account) => String(account.userId) === String(user.id))).toBe(true);
        expect(await a().listAccountsByUserId((await newUser()).id)).toEqual([]);
      },
    );

    it("unlinkAccount removes the account", async () => {
      const user = await newUser();
      const account = accountFor(user.id);
      await a().linkAccount(account);
      await a().unlinkAccount({ provider: "github", providerAccountId: account.providerAccountId });
      expect(
        await a().getUserByAccount({
          provider: "github",
          providerAccountId: account.providerAccountId,
        }),
      ).toBeNull();
    });

    it("createSession, getSessionAndUser, updateSession and deleteSession", async () => {
      const user = await newUser();
      const sessionToken = unique("session");
      const expires = future(7);
      const session = await a().createSession({ sessionToken, userId: user.id, expires });
      expect(session).toMatchObject({ sessionToken, userId: user.id });
      expect(session.expires.valueOf()).toBe(expires.valueOf());
      const found = await a().getSessionAndUser(sessionToken);
      expect(found?.user).toEqual(user);
      expect(found?.session).toMatchObject({ sessionToken, userId: user.id });
      expect(found?.session.expires.valueOf()).toBe(expires.valueOf());

      const later = future(30);
      const updated = await a().updateSession({ sessionToken, expires: later });
      // The return value is unused by the runtime; @auth/pg-adapter returns nothing.
      if (updated) expect(updated.expires.valueOf()).toBe(later.valueOf());
      expect((await a().getSessionAndUser(sessionToken))?.session.expires.valueOf()).toBe(
        later.valueOf(),
      );

      await a().deleteSession(sessionToken);
      expect(await a().getSessionAndUser(sessionToken)).toBeNull();
    });

    it("session methods return null for unknown tokens", async () => {
      expect(await a().getSessionAndUser(unique("missing"))).toBeNull();
      await missing(() =>
        a().updateSession({ sessionToken: unique("missing"), expires: future(1) }),
      );
    });

    it("missing rows return null: deleting what does not exist changes nothing", async () => {
      const user = await newUser();
      const account = accountFor(user.id);
      await a().linkAccount(account);
      const sessionToken = unique("session");
      await a().createSession({ sessionToken, userId: user.id, expires: future(1) });

      // `@auth/pg-adapter` answers undefined where ours answer null: both mean "nothing".
      await missing(() => a().deleteSession(unique("missing")));
      await missing(() =>
        a().unlinkAccount({ provider: "github", providerAccountId: unique("none") }),
      );
      await missing(() => a().deleteUser("999999999"));
      if (options.outOfRangeIds !== false) await missing(() => a().deleteUser("not-an-id"));

      expect(await a().getUser(user.id)).toEqual(user);
      expect((await a().getSessionAndUser(sessionToken))?.user).toEqual(user);
      expect(
        await a().getUserByAccount({
          provider: "github",
          providerAccountId: account.providerAccountId,
        }),
      ).toEqual(user);
    });

    it.skipIf(options.unprintableTokens === false)(
      "session tokens with control characters are unknown sessions, not database errors",
      async () => {
        for (const token of ["abc\u0000def", "\u0000", "abc\u0001", "abc\u007f"]) {
          expect(await a().getSessionAndUser(token), JSON.stringify(token)).toBeNull();
          const label = JSON.stringify(token);
          await missing(
            () => a().updateSession({ sessionToken: token, expires: future(1) }),
            label,
          );
          await missing(() => a().deleteSession(token), label);
        }
      },
    );

    it("verification tokens are single-use and bound to their identifier", async () => {
      const identifier = `${unique("vt")}@example.com`;
      const token = { identifier, token: unique("hash"), expires: future(1) };
      await a().createVerificationToken(token);
      expect(
        await a().useVerificationToken({ identifier: "other@example.com", token: token.token }),
      ).toBeNull();
      const used = await a().useVerificationToken({ identifier, token: token.token });
      expect(used).toMatchObject({ identifier, token: token.token });
      expect(used!.expires.valueOf()).toBe(token.expires.valueOf());
      expect(await a().useVerificationToken({ identifier, token: token.token })).toBeNull();
    });

    it.skipIf(options.atomicVerificationTokens === false)(
      "of concurrent uses of one verification token, exactly one succeeds",
      async () => {
        const identifier = `${unique("race")}@example.com`;
        const token = { identifier, token: unique("hash"), expires: future(1) };
        await a().createVerificationToken(token);
        const results = await Promise.all(
          Array.from({ length: 6 }, () =>
            a().useVerificationToken({ identifier, token: token.token }),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
      },
    );

    it("deleteUser removes the user with its accounts and sessions", async () => {
      const user = await newUser();
      const account = accountFor(user.id);
      await a().linkAccount(account);
      const sessionToken = unique("session");
      await a().createSession({ sessionToken, userId: user.id, expires: future(1) });
      await a().deleteUser(user.id);
      expect(await a().getUser(user.id)).toBeNull();
      expect(await a().getSessionAndUser(sessionToken)).toBeNull();
      expect(
        await a().getUserByAccount({
          provider: "github",
          providerAccountId: account.providerAccountId,
        }),
      ).toBeNull();
      // The lookups above join the users table, so they pass even when the session and account
      // rows are left behind (a schema without cascading foreign keys). These read them alone.
      await missing(
        () => a().updateSession({ sessionToken, expires: future(2) }),
        "the session row is gone",
      );
      if (a().getAccount) {
        expect(
          await a().getAccount(account.providerAccountId, "github"),
          "the account row is gone",
        ).toBeNull();
      }
    });

    if (options.webauthn === false) return;

    it("authenticators: create, get, list per user, count, and go with the user", async () => {
      const user = await newUser();
      const other = await newUser();
      const make = (userId: string) => ({
        userId,
        credentialID: unique("cred"),
        providerAccountId: unique("cred"),
        credentialPublicKey: unique("key"),
        counter: 0,
        credentialDeviceType: "multiDevice",
        credentialBackedUp: true,
        transports: "internal,hybrid",
      });
      const first = make(user.id);
      const second = make(user.id);
      expect(await a().createAuthenticator(first)).toMatchObject(first);
      await a().createAuthenticator(second);
      await a().createAuthenticator(make(other.id));
      expect(await a().getAuthenticator(first.credentialID)).toMatchObject(first);
      expect(await a().getAuthenticator(unique("missing"))).toBeNull();
      const listed = await a().listAuthenticatorsByUserId(user.id);
      expect(listed.map((x) => x.credentialID).sort()).toEqual(
        [first.credentialID, second.credentialID].sort(),
      );
      expect(await a().listAuthenticatorsByUserId("999999999")).toEqual([]);
      expect(await a().updateAuthenticatorCounter(first.credentialID, 5)).toMatchObject({
        counter: 5,
      });
      expect((await a().getAuthenticator(first.credentialID))?.counter).toBe(5);
      await expect(
        Promise.resolve().then(() => a().updateAuthenticatorCounter(unique("missing"), 1)),
      ).rejects.toThrow();
      await a().deleteUser(user.id);
      expect(await a().getAuthenticator(first.credentialID)).toBeNull();
    });
  });
}
