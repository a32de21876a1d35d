import type { AdapterAccount, AdapterSession, AdapterUser } from "../adapters.js";
import { AccountNotLinked, OAuthAccountNotLinked } from "../errors.js";
import type { Account, Profile, User } from "../types.js";
import type { AuthContext } from "./context.js";
import { readChunkedCookie } from "./cookies.js";
import { emitEvent } from "./events.js";
import { newSessionToken, remainingLifetime, tokenDeadline } from "./lifetime.js";
import { decodeSessionToken } from "./session.js";

export interface LoginInput {
  /** The user as the provider describes them (a fresh random `id`). */
  user: User & { email?: string | null };
  account: Account;
  profile?: Profile;
  /** Whether the provider vouches that the user owns `user.email` (OIDC `email_verified`). */
  emailVerifiedByProvider?: boolean;
}

export interface LoginResult {
  user: User | AdapterUser;
  isNewUser?: boolean;
  /** The new database session (database strategy only). */
  session?: AdapterSession;
}

/**
 * Finds, creates or links the user of a sign-in (reference §4.3), stricter than Auth.js:
 * - an OAuth account is linked to an existing user by email only when the provider allows it,
 *   the local user's email is verified and the provider says the email is verified;
 * - every sign-in gets a fresh database session and the previous one is deleted (no fixation);
 * - if linking a brand-new user's account fails, the user is deleted again (no orphan user).
 */
export async function loginOrRegister(ctx: AuthContext, input: LoginInput): Promise<LoginResult> {
  const { config } = ctx;
  const adapter = config.adapter;
  const { account, profile } = input;
  if (
    !account.providerAccountId ||
    !["email", "oauth", "oidc", "webauthn"].includes(account.type)
  ) {
    throw new TypeError("The account needs a providerAccountId and a supported type");
  }
  if (!adapter) return { user: input.user };

  const current = await currentSession(ctx);
  let user: AdapterUser;
  let isNewUser = false;

  if (account.type === "email") {
    const email = input.user.email!;
    const existing = await adapter.getUserByEmail!(email);
    if (existing) {
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
      if (current && current.user.id !== byAccount.id) {
        throw new NotLinked("The account is already associated with another user");
      }
      user = byAccount;
    } else if (current) {
      user = current.user;
      await link(ctx, user, account, profile);
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
        await link(ctx, user, account, profile);
      } else {
        const { id: _providerId, ...fields } = input.user;
        user = await adapter.createUser!({
          ...fields,
          id: crypto.randomUUID(),
          email: email as string,
          emailVerified: null,
        });
        isNewUser = true;
        try {
          await link(ctx, user, account, profile, false);
        } catch (error) {
          await adapter.deleteUser?.(user.id);
          throw error;
        }
        await emitEvent(config, "createUser", { user });
        await emitEvent(config, "linkAccount", {
          user,
          account,
          profile: profileUser(profile, user),
        });
      }
    }
  }

  if (config.session.strategy !== "database") return { user, isNewUser };
  const session = await replaceSession(ctx, user.id, current?.sessionToken);
  return { user, isNewUser, session };
}

async function link(
  ctx: AuthContext,
  user: AdapterUser,
  account: Account,
  profile: Profile | undefined,
  emit = true,
): Promise<void> {
  const stored = { ...account, userId: user.id } as AdapterAccount;
  await ctx.config.adapter!.linkAccount!(stored);
  if (emit) {
    await emitEvent(ctx.config, "linkAccount", {
      user,
      account,
      profile: profileUser(profile, user),
    });
  }
}

function profileUser(profile: Profile | undefined, user: AdapterUser): User {
  return profile
    ? { ...user, name: profile.name ?? user.name, email: profile.email ?? user.email }
    : user;
}

/** Deletes the current database session (if any) and creates a fresh one for `userId`. */
export async function replaceSession(
  ctx: AuthContext,
  userId: string,
  currentToken: string | undefined,
): Promise<AdapterSession> {
  const adapter = ctx.config.adapter!;
  if (currentToken) await adapter.deleteSession!(currentToken);
  const sessionToken = newSessionToken(ctx.config.session);
  const lifetime = remainingLifetime(ctx.config.session, tokenDeadline(sessionToken));
  return adapter.createSession!({
    sessionToken,
    userId,
    expires: new Date(Date.now() + lifetime * 1000),
  });
}

/** The signed-in user of this request, if any (decode failures mean "nobody"). */
async function currentSession(
  ctx: AuthContext,
): Promise<{ user: AdapterUser; sessionToken?: string } | undefined> {
  const { config } = ctx;
  const option = ctx.cookies.sessionToken;
  const token = readChunkedCookie(ctx.request.cookies, option.name);
  if (!token) return undefined;
  try {
    if (config.session.strategy === "jwt") {
      const payload = await decodeSessionToken(config, option.name, token);
      const user =
        payload?.sub && config.adapter?.getUser ? await config.adapter.getUser(payload.sub) : null;
      return user ? { user } : undefined;
    }
    const found = await config.adapter!.getSessionAndUser!(token);
    if (!found || new Date(found.session.expires).valueOf() < Date.now()) return undefined;
    return { user: found.user, sessionToken: token };
  } catch {
    return undefined;
  }
}
