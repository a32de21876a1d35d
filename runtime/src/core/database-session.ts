import type { AdapterSession } from "../adapters.js";
import type { ResolvedConfig } from "./config.js";
import { newSessionToken, remainingLifetime, tokenDeadline } from "./lifetime.js";

/**
 * Deletes the database session `currentToken` (if any) and creates a fresh one for `userId`: at
 * every sign-in (no session fixation), and when a session is moved off Auth.js's cookie name.
 */
export async function replaceSession(
  config: ResolvedConfig,
  userId: string,
  currentToken: string | undefined,
): Promise<AdapterSession> {
  const adapter = config.adapter!;
  const sessionToken = newSessionToken(config.session);
  const lifetime = remainingLifetime(config.session, tokenDeadline(sessionToken));
  const session = await adapter.createSession!({
    sessionToken,
    userId,
    expires: new Date(Date.now() + lifetime * 1000),
  });
  // Only once the new one exists: a failed create leaves the user signed in as before.
  if (currentToken) await adapter.deleteSession!(currentToken);
  return session;
}
