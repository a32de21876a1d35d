/**
 * The WebAuthn challenge: sealed in the `authjs.challenge` cookie (JWE, salt = cookie name) with
 * the provider id, the ceremony it was issued for and, for a registration, the user to create.
 * It lives as long as the ceremony may take (the provider's `timeout`, 5 minutes by default),
 * is cleared on use, and is single-use: a challenge once presented is remembered until it would
 * have expired, so a captured request cannot be replayed with its cookie (WebAuthn §13.4.3).
 *
 * @module webauthn/challenge
 */
import type { AuthContext } from "../core/context.js";
import { expireCookie } from "../core/cookies.js";
import { WebAuthnVerificationError } from "../errors.js";
import { decode } from "../jwt/decode.js";
import { encode } from "../jwt/encode.js";

export type Ceremony = "register" | "authenticate";

/** The user a registration creates (or, when signed in, the user it adds a passkey to). */
export interface RegisterData {
  id: string;
  email?: string;
  /** The passkey is for the signed-in user `id`, who must still be signed in to add it. */
  existing?: boolean;
}

interface SealedChallenge {
  value: string;
  provider: string;
  action: Ceremony;
  registerData?: RegisterData;
}

export interface Challenge {
  challenge: string;
  action: Ceremony;
  registerData?: RegisterData;
}

/** Seconds a challenge stays valid: the ceremony timeout, at most 15 minutes. */
export function challengeMaxAge(timeoutMs: number | undefined): number {
  const seconds = Math.ceil((timeoutMs ?? 5 * 60 * 1000) / 1000);
  return Math.min(Math.max(seconds, 30), 15 * 60);
}

export async function sealChallenge(
  ctx: AuthContext,
  challenge: Challenge,
  maxAge: number,
): Promise<void> {
  const option = ctx.cookies.webauthnChallenge;
  const token: SealedChallenge = {
    value: challenge.challenge,
    provider: ctx.provider!.id,
    action: challenge.action,
    ...(challenge.registerData ? { registerData: challenge.registerData } : {}),
  };
  const sealed = await encode<SealedChallenge>({
    token,
    secret: ctx.config.secret,
    salt: option.name,
    maxAge,
  });
  ctx.outgoing.push({
    name: option.name,
    value: sealed,
    options: { ...option.options, maxAge, expires: new Date(Date.now() + maxAge * 1000) },
  });
}

/** Challenges already presented, with the time (ms) until which they would have been valid. */
const spent = new Map<string, number>();
const SPENT_LIMIT = 100_000;

function markSpent(challenge: string, until: number): boolean {
  const now = Date.now();
  if (spent.size >= SPENT_LIMIT) {
    // Insertion order is (nearly) expiry order, as every challenge lives as long: drop expired
    // entries from the oldest end, stopping at the first live one, so a full set costs O(1).
    for (const [key, expiry] of spent) {
      if (expiry > now) break;
      spent.delete(key);
    }
    // Still full: forget the oldest; the sealed `exp` keeps bounding how long any replay works.
    while (spent.size >= SPENT_LIMIT) spent.delete(spent.keys().next().value!);
  }
  if (spent.has(challenge)) return false;
  spent.set(challenge, until);
  return true;
}

/**
 * Opens the challenge cookie for the current provider and ceremony, clears it and marks it
 * used. Missing, expired, tampered, issued for another provider or ceremony, or already used →
 * `WebAuthnVerificationError`.
 */
export async function useChallenge(ctx: AuthContext, action: Ceremony): Promise<Challenge> {
  const option = ctx.cookies.webauthnChallenge;
  const raw = ctx.request.cookies[option.name];
  if (raw !== undefined) ctx.outgoing.push(expireCookie(option));
  let sealed: (SealedChallenge & { exp?: number }) | null = null;
  try {
    if (raw) {
      sealed = await decode<SealedChallenge & { exp?: number }>({
        token: raw,
        secret: ctx.config.secret,
        salt: option.name,
      });
    }
  } catch {
    sealed = null;
  }
  if (
    !sealed ||
    typeof sealed.value !== "string" ||
    !sealed.value ||
    sealed.provider !== ctx.provider!.id ||
    sealed.action !== action
  ) {
    throw new WebAuthnVerificationError("The challenge cookie is missing, expired or invalid");
  }
  const until = (sealed.exp ?? Date.now() / 1000 + 15 * 60) * 1000;
  if (!markSpent(sealed.value, until)) {
    throw new WebAuthnVerificationError("The challenge was already used");
  }
  return {
    challenge: sealed.value,
    action: sealed.action,
    ...(sealed.registerData ? { registerData: sealed.registerData } : {}),
  };
}
