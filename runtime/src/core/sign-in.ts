import type { AdapterSession } from "../adapters.js";
import { AccessDenied, AuthError } from "../errors.js";
import type { Account, Profile, SignInCallbackParams, User } from "../types.js";
import { withAdapterSubject } from "./adapter-subject.js";
import type { AuthContext } from "./context.js";
import { clearChunkedCookie, writeChunkedCookie } from "./cookies.js";
import { withCredentialsMark } from "./credentials-session.js";
import { emitEvent } from "./events.js";
import { jwtCallParams } from "./jwt-params.js";
import { jwtDeadline, nowSeconds, remainingLifetime } from "./lifetime.js";
import { withPasswordVersion } from "./password-session.js";

/**
 * Runs `callbacks.signIn` (reference §5.1): `true` continues (returns undefined), a string is a
 * redirect (validated by `callbacks.redirect`), anything falsy or a thrown non-AuthError is
 * `AccessDenied`; a thrown AuthError passes through.
 */
export async function checkSignIn(
  ctx: AuthContext,
  params: SignInCallbackParams,
): Promise<string | undefined> {
  let result: boolean | string;
  try {
    result = await ctx.config.callbacks.signIn(params);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AccessDenied("The signIn callback threw", { cause: error });
  }
  if (typeof result === "string") {
    return ctx.config.callbacks.redirect({ url: result, baseUrl: ctx.origin });
  }
  if (!result) throw new AccessDenied("AccessDenied");
  return undefined;
}

export interface SignedIn {
  user: User;
  account: Account;
  profile?: Profile;
  /** True for a brand-new user; undefined without an adapter (as in Auth.js). */
  isNewUser?: boolean;
  /** Whether `user` came from the adapter: only then may the JWT vouch for it as one. */
  fromAdapter?: boolean;
  /** The database session created for this sign-in (database strategy). */
  session?: AdapterSession;
  /** False when the session is only re-issued (a password change): no `signIn` event. */
  signInEvent?: boolean;
}

/**
 * Writes the session cookie for a completed sign-in and fires `events.signIn`. JWT strategy:
 * the `jwt` callback shapes the token (`null` clears the session); database strategy: the
 * cookie carries the new session's token.
 */
export async function issueSession(ctx: AuthContext, signedIn: SignedIn): Promise<void> {
  const { config, cookies, request } = ctx;
  const option = cookies.sessionToken;
  const { user, account, profile, isNewUser, session, fromAdapter } = signedIn;

  // A session still under Auth.js's old name is superseded by this one.
  if (option.legacyName) {
    ctx.outgoing.push(
      ...clearChunkedCookie({ ...option, name: option.legacyName }, request.cookies),
    );
  }
  if (session) {
    ctx.outgoing.push(
      ...writeChunkedCookie(option, session.sessionToken, request.cookies, {
        expires: new Date(session.expires),
      }),
    );
  } else {
    const shaped = await config.callbacks.jwt({
      token: { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() },
      user,
      account,
      ...(profile ? { profile } : {}),
      isNewUser: isNewUser ?? false,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    if (shaped === null) {
      ctx.outgoing.push(...clearChunkedCookie(option, request.cookies));
    } else {
      // As a string, like `sub`: `@auth/pg-adapter` and postgresAdapter give numbers.
      let token = withAdapterSubject(shaped, fromAdapter ? String(user.id) : undefined);
      // The only JWE the database strategy reads (see credentials-session.ts).
      if (account.type === "credentials" && config.session.strategy === "database") {
        token = withCredentialsMark(token);
      }
      token = await withPasswordVersion(config, token, fromAdapter ? String(user.id) : undefined);
      // Sign-in is the authentication time, whatever a callback put in the token.
      if (config.session.absoluteMaxAge) token.auth_time = nowSeconds();
      const deadline = jwtDeadline(config.session, token.auth_time);
      const encoded = await config.jwt.encode({
        ...jwtCallParams(config),
        token,
        maxAge: Math.min(config.jwt.maxAge, remainingLifetime(config.session, deadline)),
        salt: option.name,
      });
      const lifetime = remainingLifetime(config.session, deadline);
      ctx.outgoing.push(
        ...writeChunkedCookie(option, encoded, request.cookies, {
          expires: new Date(Date.now() + lifetime * 1000),
        }),
      );
    }
  }

  if (signedIn.signInEvent === false) return;
  const message: Parameters<typeof emitEvent<"signIn">>[2] = { user, account };
  if (profile) message.profile = profile;
  if (account.type !== "credentials") message.isNewUser = isNewUser;
  await emitEvent(config, "signIn", message);
}

/** Where a completed sign-in goes: `pages.newUser` for new users, else the callback URL. */
export function afterSignInUrl(ctx: AuthContext, isNewUser: boolean | undefined): string {
  const newUserPage = ctx.config.pages.newUser;
  if (isNewUser && newUserPage) {
    const separator = newUserPage.includes("?") ? "&" : "?";
    return `${newUserPage}${separator}${new URLSearchParams({ callbackUrl: ctx.callbackUrl })}`;
  }
  return ctx.callbackUrl;
}
