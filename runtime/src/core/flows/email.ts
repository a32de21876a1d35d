import type { Adapter, AdapterUser } from "../../adapters.js";
import { EmailSignInError, MissingCSRF, Verification } from "../../errors.js";
import type { EmailConfig } from "../../providers/types.js";
import type { Account } from "../../types.js";
import type { AuthContext } from "../context.js";
import { randomHex, sha256Hex } from "../crypto.js";
import { InvalidEmailAddress, normalizeEmailAddress } from "../email-address.js";
import { loginOrRegister } from "../login.js";
import { setPageHint } from "../page-hint.js";
import {
  countedIdentifier,
  forgetIdentifiers,
  type Identifier,
  limitSignIn,
} from "../rate-limit.js";
import { bodyString, toWebRequest } from "../request.js";
import { tokenHashSecrets } from "../secrets.js";
import { afterSignInUrl, checkSignIn, issueSession } from "../sign-in.js";

const DAY = 24 * 60 * 60;

/**
 * The secrets a link's token hash may be made with, the issuing one first (it mints): every
 * accepted secret, so a link requested on an instance already issuing with a new secret works on
 * one that only accepts it (and the reverse), and Auth.js's joined form.
 */
function tokenSecrets(ctx: AuthContext, provider: EmailConfig): readonly string[] {
  return provider.secret ? [provider.secret] : tokenHashSecrets(ctx.config);
}

function emailAccount(provider: EmailConfig, user: { id: string }, email: string): Account {
  return { providerAccountId: email, userId: user.id, type: "email", provider: provider.id };
}

/**
 * POST `{base}/signin/<email id>` (reference §4.4): checks CSRF and the address, asks the
 * `signIn` callback, stores a hashed single-use token and sends the link. The answer is the
 * same whether or not the address belongs to a user, so it cannot be used to find accounts.
 */
export async function emailSignIn(ctx: AuthContext, provider: EmailConfig): Promise<string> {
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action signin");
  const adapter = ctx.config.adapter!;
  let email: string;
  try {
    const raw = bodyString(ctx.request.body, "email");
    email = provider.normalizeIdentifier
      ? normalizeEmailAddress(provider.normalizeIdentifier(raw ?? ""))
      : normalizeEmailAddress(raw);
  } catch (cause) {
    throw new EmailSignInError("The email address was refused", { cause });
  }
  // Counted per address sent to (and per client): each attempt past this point may send a mail.
  await limitSignIn(ctx, provider.id, emailIdentifier(ctx, email));

  const user = (await adapter.getUserByEmail!(email)) ?? {
    id: crypto.randomUUID(),
    email,
    emailVerified: null,
  };
  const redirect = await checkSignIn(ctx, {
    user,
    account: emailAccount(provider, user, email),
    email: { verificationRequest: true },
  });
  if (redirect) return redirect;

  const token = (await provider.generateVerificationToken?.()) ?? randomHex(32);
  const expires = new Date(Date.now() + (provider.maxAge ?? DAY) * 1000);
  const params = new URLSearchParams({ callbackUrl: ctx.callbackUrl, token, email });
  const url = `${ctx.base}/callback/${provider.id}?${params}`;
  const hashed = sha256Hex(`${token}${tokenSecrets(ctx, provider)[0]}`);

  await adapter.createVerificationToken!({ identifier: email, token: hashed, expires });
  try {
    await provider.sendVerificationRequest({
      identifier: email,
      token,
      expires,
      url,
      provider,
      theme: ctx.config.theme,
      request: toWebRequest(ctx.request, { email }),
    });
  } catch (cause) {
    // The link never left: make sure it can never be used either.
    try {
      await adapter.useVerificationToken!({ identifier: email, token: hashed });
    } catch {
      // Already logged by the adapter wrapper; the send failure is what the user must see.
    }
    throw new EmailSignInError("The sign-in email could not be sent", { cause });
  }
  setPageHint(ctx, "email", email);
  return `${ctx.base}/verify-request?${new URLSearchParams({ provider: provider.id, type: "email" })}`;
}

/** Token uses in progress in this process, by address and hashed token. */
const usesInFlight = new Set<string>();

/**
 * Consumes a verification token, one use at a time: a second use of the same token while the
 * first is running gets null. Adapters on databases without `DELETE … RETURNING` (MySQL and
 * MariaDB through the Drizzle and Kysely adapters) read the token and then delete it, so two
 * requests in that window would both get it and one link would sign in twice. This closes the
 * window within a process; across processes only an atomic adapter does.
 */
export async function useOnce(adapter: Adapter, identifier: string, token: string) {
  const key = `${identifier}\u0000${token}`;
  if (usesInFlight.has(key)) return null;
  usesInFlight.add(key);
  try {
    return await adapter.useVerificationToken!({ identifier, token });
  } finally {
    usesInFlight.delete(key);
  }
}

/**
 * GET `{base}/callback/<email id>?token&email`: consumes the token (bound to the address,
 * single-use, unexpired) and signs the user in.
 */
export async function emailCallback(ctx: AuthContext, provider: EmailConfig): Promise<string> {
  const adapter = ctx.config.adapter!;
  const { token, email: rawEmail } = ctx.query;
  if (!token || !rawEmail) throw new Verification("The sign-in link is incomplete");
  let email: string;
  try {
    email = normalizeEmailAddress(rawEmail);
  } catch (cause) {
    if (cause instanceof InvalidEmailAddress)
      throw new Verification("Invalid email in the link", { cause });
    throw cause;
  }

  let invite = null;
  for (const secret of tokenSecrets(ctx, provider)) {
    invite = await useOnce(adapter, email, sha256Hex(`${token}${secret}`));
    if (invite) break;
  }
  if (!invite || new Date(invite.expires).valueOf() < Date.now() || invite.identifier !== email) {
    throw new Verification("The sign-in link is invalid, used or expired");
  }

  const existing = await adapter.getUserByEmail!(email);
  const user: AdapterUser = existing ?? { id: crypto.randomUUID(), email, emailVerified: null };
  const account = emailAccount(provider, user, email);
  const redirect = await checkSignIn(ctx, { user, account });
  if (redirect) return redirect;

  const result = await loginOrRegister(ctx, { user, account });
  const signedInAccount = { ...account, userId: result.user.id };
  await issueSession(ctx, {
    user: result.user,
    account: signedInAccount,
    isNewUser: result.isNewUser,
    fromAdapter: result.fromAdapter,
    session: result.session,
  });
  await forgetIdentifiers(ctx, provider.id, emailIdentifier(ctx, email));
  return afterSignInUrl(ctx, result.isNewUser);
}

/** The address a magic link goes to, as the rate limiter counts it. */
function emailIdentifier(ctx: AuthContext, email: string): Identifier[] {
  const limit = ctx.config.rateLimit;
  const identifier = limit ? countedIdentifier(limit, "email", email) : undefined;
  return identifier ? [identifier] : [];
}
