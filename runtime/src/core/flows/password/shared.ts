import type { AdapterUser, PasswordCredential } from "../../../adapters.js";
import { EmailSignInError, MissingCSRF } from "../../../errors.js";
import {
  hashPassword,
  meetsOwasp,
  type ScryptParams,
  verifyPassword,
} from "../../../password/hash.js";
import { DEFAULT_MIN_LENGTH, weakPasswordCode } from "../../../password/policy.js";
import type { PasswordConfig, PasswordMailKind } from "../../../providers/types.js";
import type { AuthContext } from "../../context.js";
import { randomHex, sha256Hex } from "../../crypto.js";
import { normalizeEmailAddress } from "../../email-address.js";
import { passwordHashParams } from "../../password-config.js";
import { countedIdentifier, type Identifier } from "../../rate-limit.js";
import { bodyString } from "../../request.js";
import { tokenHashSecrets } from "../../secrets.js";
import { useOnce } from "../email.js";

/**
 * A refused password form: the user is sent back to the form with `?error=<code>` (a fixed
 * banner per code). Not an `AuthError`: it never reaches the error pages.
 */
export class PasswordFormError extends Error {
  constructor(readonly code: string) {
    super(`Password form refused: ${code}`);
  }
}

export function requireCsrf(ctx: AuthContext): void {
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during a password action");
}

/** The `email` field as one normalized address, or undefined when it is not one. */
export function emailField(ctx: AuthContext): string | undefined {
  try {
    return normalizeEmailAddress(bodyString(ctx.request.body, "email"));
  } catch {
    return undefined;
  }
}

/**
 * The opening of every form that names an account by address: the CSRF check, then the `email`
 * field as one normalized address, refused with `code` when it is not one.
 */
export function requiredEmail(ctx: AuthContext, code = "invalid_email"): string {
  requireCsrf(ctx);
  const email = emailField(ctx);
  if (!email) throw new PasswordFormError(code);
  return email;
}

export function passwordField(ctx: AuthContext, name = "password"): string {
  return bodyString(ctx.request.body, name) ?? "";
}

/** Throws {@link PasswordFormError} with the reason when `password` may not be set. */
export async function assertStrongPassword(
  provider: PasswordConfig,
  password: string,
  email: string,
): Promise<void> {
  const weak = await weakPasswordCode(password, email, provider.minLength ?? DEFAULT_MIN_LENGTH);
  if (weak) throw new PasswordFormError(weak);
}

/**
 * What a stored hash must meet to be accepted at all: OWASP's minimum; in a test suite that
 * turned on `unsafeWeakHashForTesting`, OWASP's block size (r = 8) with any `N` from 2^10.
 */
function acceptable(provider: PasswordConfig): (params: ScryptParams) => boolean {
  if (provider.unsafeWeakHashForTesting === true) return (params) => params.r >= 8;
  return meetsOwasp;
}

/** One dummy hash per parameter set, made once: what unknown users are checked against. */
const dummies = new Map<string, Promise<string>>();

function dummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomHex(16), params);
    dummies.set(key, dummy);
  }
  return dummy;
}

/**
 * Whether `password` is the credential's. Without a credential (no such user, or a user without
 * a password) the same work is done against a dummy hash with the configured parameters, so the
 * answer takes as long either way.
 */
export async function checkPassword(
  provider: PasswordConfig,
  credential: PasswordCredential | null | undefined,
  password: string,
): Promise<boolean> {
  const params = passwordHashParams(provider);
  const floor = acceptable(provider);
  const stored = credential?.hash ?? (await dummyHash(params));
  const matches = await verifyPassword(password, stored, floor, params);
  return matches && credential !== null && credential !== undefined;
}

export function newHash(provider: PasswordConfig, password: string): Promise<string> {
  return hashPassword(password, passwordHashParams(provider));
}

/** The user of `email` and their password credential, each null when there is none. */
export async function findAccount(
  ctx: AuthContext,
  email: string | undefined,
): Promise<{ user: AdapterUser | null; credential: PasswordCredential | null }> {
  const adapter = ctx.config.adapter!;
  const user = email ? await adapter.getUserByEmail!(email) : null;
  const credential = user ? await adapter.getPasswordCredential!(String(user.id)) : null;
  return { user, credential };
}

/** The address as the rate limiter counts it. */
export function emailIdentifiers(ctx: AuthContext, email: string | undefined): Identifier[] {
  const limit = ctx.config.rateLimit;
  const identifier = limit && email ? countedIdentifier(limit, "email", email) : undefined;
  return identifier ? [identifier] : [];
}

type LinkKind = "verify" | "reset";

/**
 * A link token is bound to its purpose, the user and the password version it was issued under:
 * a reset or change (which raises the version) makes every older link of that user useless.
 */
function identifier(kind: LinkKind, userId: string, version: number): string {
  return `password-${kind}:${userId}:${version}`;
}

function secrets(ctx: AuthContext, provider: PasswordConfig): readonly string[] {
  return provider.secret ? [provider.secret] : tokenHashSecrets(ctx.config);
}

const HOUR = 60 * 60;

/** Stores a hashed single-use token and returns the link carrying it in clear. */
export async function issueLink(
  ctx: AuthContext,
  provider: PasswordConfig,
  kind: LinkKind,
  user: { id: string | number; email: string },
  version: number,
): Promise<string> {
  const token = randomHex(32);
  const maxAge =
    kind === "reset" ? (provider.resetMaxAge ?? HOUR) : (provider.verificationMaxAge ?? 24 * HOUR);
  await ctx.config.adapter!.createVerificationToken!({
    identifier: identifier(kind, String(user.id), version),
    token: sha256Hex(`${token}${secrets(ctx, provider)[0]}`),
    expires: new Date(Date.now() + maxAge * 1000),
  });
  const query = new URLSearchParams({ token, email: user.email });
  return `${ctx.base}/password/${kind}?${query}`;
}

/**
 * Writes a token nobody holds, as {@link issueLink} would, so a request for an unknown address
 * does the same database work as one for a known address. It expires and is pruned like others.
 */
export async function issueDecoyLink(ctx: AuthContext, provider: PasswordConfig): Promise<void> {
  await ctx.config.adapter!.createVerificationToken!({
    identifier: "password-decoy",
    token: sha256Hex(`${randomHex(32)}${secrets(ctx, provider)[0]}`),
    expires: new Date(Date.now() + (provider.resetMaxAge ?? HOUR) * 1000),
  });
}

/**
 * Spends a link token: true only for an unexpired token issued for this purpose, user and
 * version. Single-use: of two concurrent uses exactly one gets it (the adapter deletes
 * atomically, and uses within one process are serialized).
 */
export async function spendLink(
  ctx: AuthContext,
  provider: PasswordConfig,
  kind: LinkKind,
  userId: string,
  version: number,
  token: string | undefined,
): Promise<boolean> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return false;
  const id = identifier(kind, userId, version);
  for (const secret of secrets(ctx, provider)) {
    const found = await useOnce(ctx.config.adapter!, id, sha256Hex(`${token}${secret}`));
    if (found) return found.identifier === id && new Date(found.expires).valueOf() >= Date.now();
  }
  return false;
}

/**
 * Sends a mail without waiting for it: the answer must not take longer for an address that has
 * an account (a mail goes out) than for one that has none. A failed send is logged.
 */
export function sendInBackground(
  ctx: AuthContext,
  provider: PasswordConfig,
  kind: PasswordMailKind,
  email: string,
  url: string,
): void {
  const params = { kind, identifier: email, url, provider, theme: ctx.config.theme };
  void Promise.resolve()
    .then(() => provider.sendMail(params))
    .catch((cause) =>
      ctx.config.logger.error(
        new EmailSignInError(`The password ${kind} email could not be sent`, { cause }),
      ),
    );
}
