import type { AdapterAccount, AdapterSession, AdapterUser } from "../adapters.js";
import { AccountNotLinked, OAuthAccountNotLinked } from "../errors.js";
import { isRevocationPending } from "../housekeeping/revocations.js";
import type { EmailConfig } from "../providers/types.js";
import type { Account, JWT, JWTCallbackParams, User } from "../types.js";
import { adapterSubject } from "./adapter-subject.js";
import type { AuthContext } from "./context.js";
import { readChunkedCookie } from "./cookies.js";
import { replaceSession } from "./database-session.js";
import { emitEvent } from "./events.js";
import { jwtDeadline, nowSeconds, sessionAuthTime } from "./lifetime.js";
import { passwordVersionHolds } from "./password-session.js";
import { decodeSessionToken, sessionTokenKind } from "./session.js";
import { isStoreFailure } from "./store-failure.js";

export interface LoginInput {
  /**
   * The user as the provider describes them (`profile()`'s result with a fresh random `id`); also
   * the `profile` of `events.linkAccount`, as in Auth.js.
   */
  user: User & { email?: string | null };
  account: Account;
  /** Whether the provider vouches that the user owns `user.email` (OIDC `email_verified`). */
  emailVerifiedByProvider?: boolean;
}

export interface LoginResult {
  user: User | AdapterUser;
  isNewUser?: boolean;
  /** Whether `user` is the adapter's (so its id is an adapter user id). */
  fromAdapter: boolean;
  /** The new database session (database strategy only). */
  session?: AdapterSession;
}

/**
 * An email sign-in proves the address. A user who holds it unverified may have been created by
 * someone else: an attacker signs up with the victim's address at a provider that does not verify
 * it, with a passkey, or through the app's own sign-up form, and waits for the victim's magic link
 * to merge into that user, keeping their own way in (account pre-hijacking). So such a sign-in is
 * refused with `OAuthAccountNotLinked`, unless the email provider allows unverified users
 * (`signInUnverifiedUsers`, for users the app invited) and the user has no linked account from
 * another sign-in method (known only to adapters that list accounts, as ours do).
 */
async function refuseUnprovenUser(ctx: AuthContext, user: AdapterUser): Promise<void> {
  if ((ctx.provider as EmailConfig | undefined)?.signInUnverifiedUsers !== true) {
    throw new OAuthAccountNotLinked(
      "The address belongs to an unverified user (signInUnverifiedUsers is off)",
    );
  }
  // Allowed for users the app made: the accounts are listed only to rule out the others.
  const accounts = (await ctx.config.adapter!.listAccountsByUserId?.(user.id)) ?? [];
  const password = await ctx.config.adapter!.getPasswordCredential?.(String(user.id));
  if (password || accounts.some((account) => account.type !== "email")) {
    throw new OAuthAccountNotLinked(
      "The address belongs to an unverified user created through another sign-in method",
    );
  }
}

/**
 * Finds, creates or links the user of a sign-in (reference §4.3), stricter than Auth.js:
 * - an OAuth account is linked to an existing user by email only when the provider allows it,
 *   the local user's email is verified and the provider says the email is verified;
 * - a JWT session counts as the signed-in user only when it was minted for that adapter user
 *   (see `adapter-subject.ts`), never by its bare `sub` (Auth.js: `getUser(sub)`);
 * - every sign-in gets a fresh database session and the previous one is deleted (no fixation);
 * - if linking a brand-new user's account fails, the user is deleted again (no orphan user).
 */
export async function loginOrRegister(ctx: AuthContext, input: LoginInput): Promise<LoginResult> {
  const { config } = ctx;
  const adapter = config.adapter;
  const { account } = input;
  if (
    !account.providerAccountId ||
    !["email", "oauth", "oidc", "webauthn"].includes(account.type)
  ) {
    throw new TypeError("The account needs a providerAccountId and a supported type");
  }
  if (!adapter) return { user: input.user, fromAdapter: false };

  const current = await currentSession(ctx);
  let user: AdapterUser;
  let isNewUser = false;

  if (account.type === "email") {
    const email = input.user.email!;
    const existing = await adapter.getUserByEmail!(email);
    if (existing) {
      if (!existing.emailVerified) await refuseUnprovenUser(ctx, existing);
      user = await adapter.updateUser!({ id: existing.id, emailVerified: new Date() });
      await emitEvent(config, "updateUser", { user });
    } else {
      user = await adapter.createUser!({
        ...input.user,
        email,
        id: crypto.randomUUID(),
        emailVerified: new Date(),
      });
      isNewUser = true;
      await emitEvent(config, "createUser", { user });
    }
  } else {
    const NotLinked = account.type === "webauthn" ? AccountNotLinked : OAuthAccountNotLinked;
    const byAccount = await adapter.getUserByAccount!({
      provider: account.provider,
      providerAccountId: account.providerAccountId,
    });
    if (byAccount) {
      if (current && String(current.user.id) !== String(byAccount.id)) {
        throw new NotLinked("The account is already associated with another user");
      }
      user = byAccount;
    } else if (current) {
      user = current.user;
      await link(ctx, user, account, input.user);
    } else {
      const email = input.user.email ?? undefined;
      const byEmail = email ? await adapter.getUserByEmail!(email) : null;
      if (byEmail) {
        const provider = ctx.provider as
          | { allowDangerousEmailAccountLinking?: boolean }
          | undefined;
        const mayLink =
          account.type !== "webauthn" &&
          provider?.allowDangerousEmailAccountLinking === true &&
          byEmail.emailVerified !== null &&
          byEmail.emailVerified !== undefined &&
          input.emailVerifiedByProvider === true;
        if (!mayLink)
          throw new NotLinked("Another account already exists with the same e-mail address");
        user = byEmail;
        await link(ctx, user, account, input.user);
      } else {
        const { id: _providerId, ...fields } = input.user;
        user = await adapter.createUser!({
          ...fields,
          id: crypto.randomUUID(),
          email: email as string,
          // Auth.js always stores null; a provider's word that the address is verified is kept,
          // so a later magic link to this user is not taken for a pre-hijack (see above).
          emailVerified: email && input.emailVerifiedByProvider === true ? new Date() : null,
        });
        isNewUser = true;
        try {
          await link(ctx, user, account, input.user, false);
        } catch (error) {
          // The clean-up must not hide why linking failed: its own failure is only logged.
          try {
            await adapter.deleteUser?.(user.id);
          } catch (cleanup) {
            config.logger.error(cleanup instanceof Error ? cleanup : new Error(String(cleanup)));
          }
          throw error;
        }
        await emitEvent(config, "createUser", { user });
        await emitEvent(config, "linkAccount", {
          user,
          account,
          profile: input.user,
        });
      }
    }
  }

  if (config.session.strategy !== "database") return { user, isNewUser, fromAdapter: true };
  const session = await replaceSession(config, user.id, current?.sessionToken);
  return { user, isNewUser, fromAdapter: true, session };
}

async function link(
  ctx: AuthContext,
  user: AdapterUser,
  account: Account,
  profile: User,
  emit = true,
): Promise<void> {
  const stored = { ...account, userId: user.id } as AdapterAccount;
  await ctx.config.adapter!.linkAccount!(stored);
  if (emit) {
    await emitEvent(ctx.config, "linkAccount", { user, account, profile });
  }
}

/**
 * The gates a session read applies to a JWT beyond its `exp`: the absolute deadline, and the
 * `jwt` callback (an app that ends sessions there, by returning null, ends them for linking too).
 */
async function stillValid(ctx: AuthContext, payload: JWT): Promise<boolean> {
  const { session, callbacks } = ctx.config;
  const deadline = jwtDeadline(session, sessionAuthTime(session, payload));
  if (deadline !== undefined && nowSeconds() >= deadline) return false;
  if (!(await passwordVersionHolds(ctx.config, payload))) return false;
  return (
    (await callbacks.jwt({ token: payload, session: undefined } as JWTCallbackParams)) !== null
  );
}

export interface CurrentSession {
  user: AdapterUser;
  sessionToken?: string;
}

const currentSessions = new WeakMap<AuthContext, Promise<CurrentSession | undefined>>();

/**
 * The adapter user this request is signed in as, if any, read once per request. Only a session
 * under the current cookie name counts: one read under Auth.js's old name (see
 * `session-cookie.ts`) might have been planted, and linking into a planted session would hand
 * the new account to whoever planted it.
 */
export function currentSession(ctx: AuthContext): Promise<CurrentSession | undefined> {
  let current = currentSessions.get(ctx);
  if (!current) {
    current = readCurrentSession(ctx);
    currentSessions.set(ctx, current);
  }
  return current;
}

async function readCurrentSession(ctx: AuthContext): Promise<CurrentSession | undefined> {
  const { config } = ctx;
  const option = ctx.cookies.sessionToken;
  const token = readChunkedCookie(ctx.request.cookies, option.name);
  if (!token) return undefined;
  // A JWE under the database strategy is a credentials session: its `sub` is whatever
  // `authorize` returned, not an adapter user id, so it never makes anyone the current user.
  // Nor does a value no database token could be (it never reaches the adapter).
  if (config.session.strategy === "database" && sessionTokenKind(config, token) !== "database") {
    return undefined;
  }
  // Signed out in this process while its row could not be deleted: nobody's session any more.
  if (config.session.strategy === "database" && isRevocationPending(config, token)) {
    return undefined;
  }
  try {
    if (config.session.strategy === "jwt") {
      // Only a token minted by an adapter sign-in names an adapter user; any other `sub` (a
      // credentials user, a token Auth.js minted) could be someone else's id there.
      const payload = await decodeSessionToken(config, option.name, token);
      if (!payload || !(await stillValid(ctx, payload))) return undefined;
      const userId = adapterSubject(payload);
      const user = userId && config.adapter?.getUser ? await config.adapter.getUser(userId) : null;
      return user ? { user } : undefined;
    }
    const found = await config.adapter!.getSessionAndUser!(token);
    if (!found || new Date(found.session.expires).valueOf() < Date.now()) return undefined;
    return { user: found.user, sessionToken: token };
  } catch (error) {
    // Unknown is not "nobody": linking to a new user instead would split the account.
    if (isStoreFailure(error)) throw error;
    return undefined;
  }
}
