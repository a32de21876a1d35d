import type { PasswordConfig } from "../../../providers/types.js";
import type { AuthContext } from "../../context.js";
import { replaceSession } from "../../database-session.js";
import { currentSession } from "../../login.js";
import {
  countedIdentifier,
  forgetIdentifiers,
  type Identifier,
  limitSignIn,
} from "../../rate-limit.js";
import { issueSession } from "../../sign-in.js";
import {
  assertStrongPassword,
  checkPassword,
  newHash,
  PasswordFormError,
  passwordField,
  requireCsrf,
} from "./shared.js";
import { passwordAccount } from "./signin.js";

/**
 * POST `{base}/password/change` while signed in: `currentPassword` (when the user has one) and
 * the new `password`. Every session of the user ends (database rows deleted, JWTs outdated by the
 * raised version) except this browser's, which gets a fresh one. A user without a password (one
 * who signed up with a provider) sets one here; the signed-in session is the proof.
 */
export async function passwordChange(ctx: AuthContext, provider: PasswordConfig): Promise<string> {
  requireCsrf(ctx);
  const current = await currentSession(ctx);
  if (!current) throw new PasswordFormError("signed_out");
  const { user } = current;
  const userId = String(user.id);
  const limit = ctx.config.rateLimit;
  const identifier = limit ? countedIdentifier(limit, "user", userId) : undefined;
  const identifiers: Identifier[] = identifier ? [identifier] : [];
  await limitSignIn(ctx, `${provider.id}:change`, identifiers);

  const adapter = ctx.config.adapter!;
  const credential = await adapter.getPasswordCredential!(userId);
  if (
    credential &&
    !(await checkPassword(provider, credential, passwordField(ctx, "currentPassword")))
  ) {
    throw new PasswordFormError("wrong_password");
  }
  const password = passwordField(ctx);
  await assertStrongPassword(provider, password, user.email);
  const hash = await newHash(provider, password);
  await adapter.setPasswordCredential!({ userId, hash, version: (credential?.version ?? 0) + 1 });
  await adapter.deleteSessionsByUserId?.(userId);
  const session =
    ctx.config.session.strategy === "database"
      ? await replaceSession(ctx.config, userId, undefined)
      : undefined;
  const account = passwordAccount(provider, user);
  await issueSession(ctx, { user, account, fromAdapter: true, session, signInEvent: false });
  await forgetIdentifiers(ctx, `${provider.id}:change`, identifiers);
  return ctx.callbackUrl;
}
