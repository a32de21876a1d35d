/**
 * JWT sessions end when the password changes. A JWT cannot be deleted like a database row, so
 * with a password provider configured every JWT minted for an adapter user carries the user's
 * password version (the private claim {@link PASSWORD_VERSION_CLAIM}, 0 without a password), and
 * a session read compares it with the stored one: a reset or change raises the version, and every
 * older token of that user stops being a session. Costs one adapter read per session read, only
 * for tokens that carry the claim. Auth.js ignores the extra claim.
 */
import type { JWT } from "../types.js";
import { adapterSubject } from "./adapter-subject.js";
import type { ResolvedConfig } from "./config.js";
import { passwordProvider } from "./password-config.js";

export const PASSWORD_VERSION_CLAIM = "ca_pwv";

async function currentVersion(config: ResolvedConfig, userId: string): Promise<number> {
  const credential = await config.adapter!.getPasswordCredential!(userId);
  return credential?.version ?? 0;
}

/** `token` stamped with the user's password version, when a password provider is configured. */
export async function withPasswordVersion(
  config: ResolvedConfig,
  token: JWT,
  userId: string | undefined,
): Promise<JWT> {
  if (userId === undefined || !passwordProvider(config.providers)) return token;
  return { ...token, [PASSWORD_VERSION_CLAIM]: await currentVersion(config, userId) };
}

/**
 * Whether a decoded token's password version is still the user's: `true` at once (no promise)
 * for a token without the claim or without a password provider, so the hot path stays
 * synchronous. A failing adapter throws (the session is unknown, not ended).
 */
export function passwordVersionHolds(
  config: ResolvedConfig,
  payload: JWT,
): true | Promise<boolean> {
  const version = payload[PASSWORD_VERSION_CLAIM];
  if (version === undefined || !passwordProvider(config.providers)) return true;
  const userId = adapterSubject(payload);
  if (userId === undefined || typeof version !== "number") return Promise.resolve(false);
  return currentVersion(config, userId).then((current) => current === version);
}

/** Keeps the claim across a re-encryption when the `jwt` callback returned a new object. */
export function keepPasswordVersion(from: JWT, to: JWT): void {
  if (PASSWORD_VERSION_CLAIM in from && !(PASSWORD_VERSION_CLAIM in to)) {
    to[PASSWORD_VERSION_CLAIM] = from[PASSWORD_VERSION_CLAIM];
  }
}
