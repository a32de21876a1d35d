/**
 * Which JWEs are sessions under the database strategy. A credentials sign-in always writes a
 * JWE (reference §4.5), also when an adapter makes the strategy `database`, so the session reader
 * has to accept some JWEs there. Shape alone is too loose: any token sealed with the same secret
 * and salt (a JWT session from before a switch of strategy, a token the app minted with `encode`)
 * would pass. So the runtime marks the JWE it mints for a credentials sign-in under the database
 * strategy with the private claim {@link CREDENTIALS_SESSION_CLAIM}, and only a marked JWE, with a
 * credentials provider still configured, is read there. Auth.js ignores the extra claim.
 */
import type { JWT } from "../types.js";
import type { ResolvedConfig } from "./config.js";

/** The private claim: `true` on a credentials session minted under the database strategy. */
export const CREDENTIALS_SESSION_CLAIM = "ca_cred";

/** Whether a JWE session cookie can be a session at all under the database strategy. */
export function acceptsCredentialsSessions(config: ResolvedConfig): boolean {
  return config.providers.some((provider) => provider.type === "credentials");
}

/** `token` marked as a credentials session (a copy; the `jwt` callback's object is left alone). */
export function withCredentialsMark(token: JWT): JWT {
  return { ...token, [CREDENTIALS_SESSION_CLAIM]: true };
}

/** Whether a decoded token carries the mark. */
export function hasCredentialsMark(payload: JWT | null | undefined): boolean {
  return payload?.[CREDENTIALS_SESSION_CLAIM] === true;
}

/**
 * Keeps the mark across a re-encryption when the `jwt` callback returned a new object without
 * it, as `auth_time` is kept: the session was already accepted as a credentials session.
 */
export function keepCredentialsMark(from: JWT, to: JWT): void {
  if (hasCredentialsMark(from) && !(CREDENTIALS_SESSION_CLAIM in to)) {
    to[CREDENTIALS_SESSION_CLAIM] = true;
  }
}
