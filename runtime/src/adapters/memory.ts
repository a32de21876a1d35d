/**
 * An in-process adapter for development and tests. Everything is lost when the process exits;
 * use `postgresAdapter()` for anything that must persist.
 *
 * @module adapters/memory
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  PasswordCredential,
  VerificationToken,
} from "../adapters.js";
import type { PruneCounts, PruneExpired } from "../housekeeping/types.js";
import { pruneExpired } from "../symbols.js";

const accountKey = (provider: string, providerAccountId: string) =>
  `${provider}\u0000${providerAccountId}`;
const tokenKey = (identifier: string, token: string) => `${identifier}\u0000${token}`;

/** A copy, so callers never share (and mutate) the stored object. Dates stay dates. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Every Adapter method, backed by `Map`s. Deleting a user deletes its accounts and sessions. */
export function memoryAdapter(): Required<Adapter> & { [pruneExpired]: PruneExpired } {
  const users = new Map<string, AdapterUser>();
  const accounts = new Map<string, AdapterAccount>();
  const sessions = new Map<string, AdapterSession>();
  const tokens = new Map<string, VerificationToken>();
  const authenticators = new Map<string, AdapterAuthenticator>();
  const passwords = new Map<string, PasswordCredential>();

  const findUserByEmail = (email: string) => {
    for (const user of users.values()) if (user.email === email) return user;
    return undefined;
  };

  return {
    // Expired sessions and tokens would otherwise stay in the maps until the process ends.
    async [pruneExpired](options = {}) {
      const now = Date.now();
      const counts: PruneCounts = { sessions: 0, verificationTokens: 0, rateLimits: 0 };
      const limit = (options.batchSize ?? 1000) * (options.maxBatches ?? Number.POSITIVE_INFINITY);
      const sweep = <T extends { expires: Date }>(map: Map<string, T>) => {
        let found = 0;
        for (const [key, row] of map) {
          if (found >= limit) break;
          if (row.expires.getTime() >= now) continue;
          found++;
          if (!options.dryRun) map.delete(key);
        }
        return found;
      };
      counts.sessions = sweep(sessions);
      counts.verificationTokens = sweep(tokens);
      return counts;
    },
    createUser(user) {
      const id = user.id ?? crypto.randomUUID();
      const stored = { ...copy(user), id };
      users.set(id, stored);
      return copy(stored);
    },
    getUser(id) {
      const user = users.get(id);
      return user ? copy(user) : null;
    },
    getUserByEmail(email) {
      const user = findUserByEmail(email);
      return user ? copy(user) : null;
    },
    getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(accountKey(provider, providerAccountId));
      const user = account && users.get(account.userId);
      return user ? copy(user) : null;
    },
    updateUser(partial) {
      const user = users.get(partial.id);
      if (!user) throw new Error(`No user with id ${partial.id}`);
      const updated = { ...user, ...copy(partial) };
      users.set(user.id, updated);
      return copy(updated);
    },
    deleteUser(userId) {
      const user = users.get(userId);
      if (!user) return null;
      users.delete(userId);
      for (const [key, account] of accounts) if (account.userId === userId) accounts.delete(key);
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
      passwords.delete(userId);
      for (const [key, authenticator] of authenticators) {
        if (authenticator.userId === userId) authenticators.delete(key);
      }
      return copy(user);
    },
    linkAccount(account) {
      accounts.set(accountKey(account.provider, account.providerAccountId), copy(account));
      return copy(account);
    },
    unlinkAccount({ provider, providerAccountId }) {
      const key = accountKey(provider, providerAccountId);
      const account = accounts.get(key);
      accounts.delete(key);
      return account ? copy(account) : undefined;
    },
    createSession(session) {
      sessions.set(session.sessionToken, copy(session));
      return copy(session);
    },
    getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && users.get(session.userId);
      return session && user ? { session: copy(session), user: copy(user) } : null;
    },
    updateSession(partial) {
      const session = sessions.get(partial.sessionToken);
      if (!session) return null;
      const updated = { ...session, ...copy(partial) };
      sessions.set(session.sessionToken, updated);
      return copy(updated);
    },
    deleteSession(sessionToken) {
      const session = sessions.get(sessionToken);
      sessions.delete(sessionToken);
      return session ? copy(session) : null;
    },
    createVerificationToken(verificationToken) {
      tokens.set(
        tokenKey(verificationToken.identifier, verificationToken.token),
        copy(verificationToken),
      );
      return copy(verificationToken);
    },
    useVerificationToken({ identifier, token }) {
      const key = tokenKey(identifier, token);
      const found = tokens.get(key);
      tokens.delete(key);
      return found ? copy(found) : null;
    },
    getAccount(providerAccountId, provider) {
      const account = accounts.get(accountKey(provider, providerAccountId));
      return account ? copy(account) : null;
    },
    listAccountsByUserId(userId) {
      return [...accounts.values()].filter((a) => a.userId === userId).map(copy);
    },
    getPasswordCredential(userId) {
      const credential = passwords.get(userId);
      return credential ? copy(credential) : null;
    },
    setPasswordCredential(credential) {
      passwords.set(credential.userId, copy(credential));
    },
    deleteSessionsByUserId(userId) {
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
    },
    getAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID);
      return authenticator ? copy(authenticator) : null;
    },
    createAuthenticator(authenticator) {
      authenticators.set(authenticator.credentialID, copy(authenticator));
      return copy(authenticator);
    },
    listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()].filter((a) => a.userId === userId).map(copy);
    },
    updateAuthenticatorCounter(credentialID, newCounter) {
      const authenticator = authenticators.get(credentialID);
      if (!authenticator) throw new Error(`No authenticator with id ${credentialID}`);
      authenticator.counter = newCounter;
      return copy(authenticator);
    },
  };
}
