import type { PasswordConfig } from "../../../providers/types.js";
import type { AuthContext } from "../../context.js";
import { emitEvent } from "../../events.js";
import { setPageHint } from "../../page-hint.js";
import { limitSignIn } from "../../rate-limit.js";
import {
  assertStrongPassword,
  emailIdentifiers,
  findAccount,
  issueDecoyLink,
  issueLink,
  newHash,
  passwordField,
  requiredEmail,
  sendInBackground,
} from "./shared.js";

/**
 * POST `{base}/password/signup`: `email` and `password`. Never signs in, and answers the same
 * ("check your email") whether or not the address has an account, after the same work (the
 * password is hashed either way; mails go out in the background):
 * - a new address gets a user without a confirmed address, the hash, and a confirmation link;
 * - an address whose password account was never confirmed gets the new password (its older
 *   links stop working) and a new link: whoever created it first cannot keep it from its owner;
 * - any other existing user (confirmed, or from another sign-in method) is left untouched and
 *   told by mail that someone tried to sign up. A password is never attached to such a user.
 */
export async function passwordSignUp(ctx: AuthContext, provider: PasswordConfig): Promise<string> {
  const email = requiredEmail(ctx);
  const password = passwordField(ctx);
  await assertStrongPassword(provider, password, email);
  await limitSignIn(ctx, `${provider.id}:signup`, emailIdentifiers(ctx, email));

  const hash = await newHash(provider, password);
  const adapter = ctx.config.adapter!;
  const { user, credential } = await findAccount(ctx, email);
  if (!user) {
    const created = await adapter.createUser!({
      id: crypto.randomUUID(),
      email,
      emailVerified: null,
    });
    const userId = String(created.id);
    await adapter.setPasswordCredential!({ userId, hash, version: 1 });
    await emitEvent(ctx.config, "createUser", { user: created });
    const url = await issueLink(ctx, provider, "verify", { id: userId, email }, 1);
    sendInBackground(ctx, provider, "verify", email, url);
  } else if (credential && !user.emailVerified) {
    const userId = String(user.id);
    const version = credential.version + 1;
    await adapter.setPasswordCredential!({ userId, hash, version });
    const url = await issueLink(ctx, provider, "verify", { id: userId, email }, version);
    sendInBackground(ctx, provider, "verify", email, url);
  } else {
    await issueDecoyLink(ctx, provider);
    sendInBackground(ctx, provider, "exists", email, `${ctx.base}/signin`);
  }
  setPageHint(ctx, "email", email);
  return `${ctx.base}/verify-request?${new URLSearchParams({ provider: provider.id, type: "signup" })}`;
}
