import type { AdapterUser } from "../../../adapters.js";
import { CredentialsSignin } from "../../../errors.js";
import { hashPassword, rehashParams } from "../../../password/hash.js";
import type { PasswordConfig } from "../../../providers/types.js";
import type { Account } from "../../../types.js";
import type { AuthContext } from "../../context.js";
import { replaceSession } from "../../database-session.js";
import { setPageHint } from "../../page-hint.js";
import { passwordHashParams } from "../../password-config.js";
import { forgetIdentifiers, limitSignIn } from "../../rate-limit.js";
import { bodyString } from "../../request.js";
import { sessionTokenKind } from "../../session.js";
import { presentedSession } from "../../session-cookie.js";
import { checkSignIn, issueSession } from "../../sign-in.js";
import {
  checkPassword,
  emailField,
  emailIdentifiers,
  findAccount,
  issueLink,
  passwordField,
  requireCsrf,
  sendInBackground,
  spendLink,
} from "./shared.js";

/** A correct password for an address nobody has confirmed yet: a new link was sent. */
class UnverifiedAddress extends CredentialsSignin {
  override code = "unverified";
}

export function passwordAccount(provider: PasswordConfig, user: AdapterUser): Account {
  return {
    provider: provider.id,
    providerAccountId: String(user.id),
    type: "password",
    userId: String(user.id),
  };
}

/**
 * POST `{base}/callback/<password id>`: `email` and `password`, and `token` when it comes from
 * the address-confirmation page. Unknown addresses, users without a password and wrong passwords
 * get the same answer after the same work (`CredentialsSignin`). An unconfirmed address signs in
 * only with its confirmation token (then it is confirmed); without one a new link is sent.
 */
export async function passwordSignIn(ctx: AuthContext, provider: PasswordConfig): Promise<string> {
  requireCsrf(ctx);
  const email = emailField(ctx);
  const identifiers = emailIdentifiers(ctx, email);
  await limitSignIn(ctx, provider.id, identifiers);
  const found = await findAccount(ctx, email);
  const matches = await checkPassword(provider, found.credential, passwordField(ctx));
  if (!matches || !found.user || !found.credential || !email) {
    if (email) setPageHint(ctx, "username", email);
    throw new CredentialsSignin();
  }
  const { credential } = found;
  let user = found.user;
  const adapter = ctx.config.adapter!;

  if (!user.emailVerified && provider.requireVerification !== false) {
    const token = bodyString(ctx.request.body, "token");
    const userId = String(user.id);
    if (!(await spendLink(ctx, provider, "verify", userId, credential.version, token))) {
      const url = await issueLink(
        ctx,
        provider,
        "verify",
        { id: userId, email },
        credential.version,
      );
      sendInBackground(ctx, provider, "verify", email, url);
      setPageHint(ctx, "username", email);
      throw new UnverifiedAddress();
    }
    user = await adapter.updateUser!({ id: user.id, emailVerified: new Date() });
  }

  // Raised parameters apply from the next successful sign-in; never lowered.
  const raised = rehashParams(credential.hash, passwordHashParams(provider));
  if (raised) {
    const hash = await hashPassword(passwordField(ctx), raised);
    await adapter.setPasswordCredential!({ ...credential, hash });
  }

  const account = passwordAccount(provider, user);
  const redirect = await checkSignIn(ctx, { user, account });
  if (redirect) return redirect;
  const session =
    ctx.config.session.strategy === "database"
      ? await replaceSession(ctx.config, String(user.id), presentedDatabaseToken(ctx))
      : undefined;
  await issueSession(ctx, { user, account, isNewUser: false, fromAdapter: true, session });
  await forgetIdentifiers(ctx, provider.id, identifiers);
  return ctx.callbackUrl;
}

/** The database session this browser holds now, replaced by the new one (no fixation). */
export function presentedDatabaseToken(ctx: AuthContext): string | undefined {
  const token = presentedSession(ctx.cookies, ctx.request.cookies)?.token;
  return token && sessionTokenKind(ctx.config, token) === "database" ? token : undefined;
}
