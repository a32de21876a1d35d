import type { Adapter, AdapterSession } from "../adapters.js";
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
  if (currentToken) await deleteSessionRow(adapter, currentToken);
  return session;
}

/**
 * Deletes the database session `sessionToken`. A row that is already gone is the goal reached:
 * `@auth/prisma-adapter` throws Prisma's P2025 for it where other adapters answer null (a second
 * tab signing out, an admin's "sign out everywhere"), so a failure only stands while the
 * session can still be read.
 */
export async function deleteSessionRow(
  adapter: Adapter,
  sessionToken: string,
): Promise<AdapterSession | null | undefined> {
  try {
    return (await adapter.deleteSession!(sessionToken)) ?? null;
  } catch (error) {
    if ((await adapter.getSessionAndUser!(sessionToken)) === null) return null;
    throw error;
  }
}
