import type { PasswordConfig } from "../../../providers/types.js";
import type { AuthContext } from "../../context.js";
import { setPageHint } from "../../page-hint.js";
import { forgetIdentifiers, limitSignIn } from "../../rate-limit.js";
import { bodyString } from "../../request.js";
import {
  assertStrongPassword,
  emailIdentifiers,
  findAccount,
  issueDecoyLink,
  issueLink,
  newHash,
  PasswordFormError,
  passwordField,
  requiredEmail,
  sendInBackground,
  spendLink,
} from "./shared.js";

/**
 * POST `{base}/password/forgot`: `email`. A user with a password gets a single-use link (1 hour
 * by default); anyone else gets nothing, after the same database work. The answer is the same.
 * Users without a password (signed up with a provider) get no link: a reset would attach a
 * password to an account whose address may never have been proven.
 */
export async function passwordForgot(ctx: AuthContext, provider: PasswordConfig): Promise<string> {
  const email = requiredEmail(ctx);
  await limitSignIn(ctx, `${provider.id}:forgot`, emailIdentifiers(ctx, email));
  const { user, credential } = await findAccount(ctx, email);
  if (user && credential) {
    const url = await issueLink(
      ctx,
      provider,
      "reset",
      { id: String(user.id), email },
      credential.version,
    );
    sendInBackground(ctx, provider, "reset", email, url);
  } else {
    await issueDecoyLink(ctx, provider);
  }
  setPageHint(ctx, "email", email);
  return `${ctx.base}/verify-request?${new URLSearchParams({ provider: provider.id, type: "reset" })}`;
}

/**
 * POST `{base}/password/reset`: `token`, `email`, new `password`. The new password is checked
 * before the token is spent (a refused password keeps the link usable). The token must be the
 * one issued for this user and their current password version, unexpired and unused; then the
 * password is replaced, its version raised (ending every session and every other link of the
 * user), the address counts as confirmed (the link proved it), and the database sessions of the
 * user are deleted. The user then signs in with the new password.
 */
export async function passwordReset(ctx: AuthContext, provider: PasswordConfig): Promise<string> {
  const email = requiredEmail(ctx, "invalid_link");
  const password = passwordField(ctx);
  await assertStrongPassword(provider, password, email);
  const identifiers = emailIdentifiers(ctx, email);
  await limitSignIn(ctx, `${provider.id}:reset`, identifiers);

  const { user, credential } = await findAccount(ctx, email);
  const token = bodyString(ctx.request.body, "token");
  const userId = user ? String(user.id) : "";
  if (
    !user ||
    !credential ||
    !(await spendLink(ctx, provider, "reset", userId, credential.version, token))
  ) {
    throw new PasswordFormError("invalid_link");
  }
  const adapter = ctx.config.adapter!;
  const hash = await newHash(provider, password);
  await adapter.setPasswordCredential!({ userId, hash, version: credential.version + 1 });
  if (!user.emailVerified) await adapter.updateUser!({ id: user.id, emailVerified: new Date() });
  await adapter.deleteSessionsByUserId?.(userId);
  await forgetIdentifiers(ctx, `${provider.id}:reset`, identifiers);
  await forgetIdentifiers(ctx, provider.id, identifiers);
  setPageHint(ctx, "password-changed");
  return `${ctx.base}/signin`;
}
