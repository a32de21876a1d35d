/**
 * Which JWT sessions belong to an adapter user. A JWT's `sub` alone proves nothing: a
 * credentials sign-in puts whatever id the app's own user store has there (say "1"), and that
 * id can also be a different person's id in the adapter (the Postgres adapter numbers users
 * 1, 2, …). Auth.js links a new OAuth account to `getUser(sub)` (reference §4.3), so signing in
 * with GitHub while holding such a credentials session would attach the GitHub account to the
 * other person.
 *
 * So the runtime vouches positively: a token minted by a sign-in that went through the adapter
 * (OAuth, OIDC, email) carries the private claim {@link ADAPTER_SUBJECT_CLAIM} with that user's
 * id, and only a token whose `sub` still equals it counts as that adapter user. Tokens without
 * the claim (credentials sign-ins, tokens minted by Auth.js, a `jwt` callback that rebuilt the
 * token from scratch) are nobody's, which is safe by default. Auth.js ignores the extra claim,
 * so tokens stay interchangeable.
 */
import type { JWT } from "../types.js";

/** The private claim: the adapter user id the token was minted for. */
export const ADAPTER_SUBJECT_CLAIM = "ca_adapter_sub";

/**
 * `token` marked as minted for adapter user `userId`, or (with `undefined`) without any mark, so
 * that a `jwt` callback copying the user object into a credentials token cannot vouch either.
 * A copy: the object the `jwt` callback returned (and may still hold) is left alone.
 */
export function withAdapterSubject(token: JWT, userId: string | undefined): JWT {
  const { [ADAPTER_SUBJECT_CLAIM]: _previous, ...rest } = token;
  return userId === undefined ? rest : { ...rest, [ADAPTER_SUBJECT_CLAIM]: userId };
}

/**
 * Keeps the mark across a re-encryption (a `/session` read or update) when the `jwt` callback
 * returned a new object without it, as `auth_time` is kept. It only ever vouches for the `sub`
 * it names, so a callback that changes `sub` loses it anyway.
 */
export function keepAdapterSubject(from: JWT, to: JWT): void {
  const userId = from[ADAPTER_SUBJECT_CLAIM];
  if (typeof userId === "string" && !(ADAPTER_SUBJECT_CLAIM in to)) {
    to[ADAPTER_SUBJECT_CLAIM] = userId;
  }
}

/** The adapter user id a decoded session token vouches for, if any. */
export function adapterSubject(payload: JWT | null | undefined): string | undefined {
  const userId = payload?.[ADAPTER_SUBJECT_CLAIM];
  return typeof userId === "string" && userId !== "" && payload?.sub === userId
    ? userId
    : undefined;
}
