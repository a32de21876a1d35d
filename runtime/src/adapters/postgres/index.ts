/**
 * PostgreSQL persistence with one SQL dialect for two drivers: `pg` (a real server) and PGlite
 * (embedded, a folder on disk). Both are optional peer dependencies.
 *
 * @module adapters/postgres
 */
import type { Adapter, AdapterAccount, AdapterUser } from "../../adapters.js";
import type { PruneExpired } from "../../housekeeping/types.js";
import { pruneExpired } from "../../symbols.js";
import type { SqlClient } from "./client.js";
import { passwordMethods } from "./password.js";
import { prune } from "./prune.js";
import {
  idAsStored,
  idAsString,
  toAccount,
  toAuthenticator,
  toSession,
  toUser,
  toVerificationToken,
} from "./rows.js";
import { type SessionCache, sessionCacheKey } from "./session-cache.js";
import { warnIfUnbounded } from "./unbounded-pool.js";

export type { PruneCounts, PruneOptions } from "../../housekeeping/types.js";
export type { SqlClient } from "./client.js";
export { type EmbeddedDatabase, embeddedDatabase } from "./embedded.js";
export { type MigrationResult, migrate, schemaVersion } from "./migrate.js";
export { prune } from "./prune.js";
export { postgresRateLimitStore } from "./rate-limit.js";
export { schema } from "./schema.js";
export {
  POSTGRES_DEFAULTS,
  type PostgresDatabaseOptions,
  postgresDatabase,
  type ServerDatabase,
} from "./server.js";
export type { SessionCacheOptions } from "./session-cache.js";

const accountColumns = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "id_token",
  "scope",
  "session_state",
  "token_type",
] as const;
const userColumns = ["name", "email", "emailVerified", "image"] as const;
const SESSION_AND_USER = `SELECT s.id AS "sessionId", s."sessionToken", s."userId", s.expires,
  u.id, u.name, u.email, u."emailVerified", u.image
  FROM sessions s JOIN users u ON u.id = s."userId" WHERE s."sessionToken" = $1`;

/**
 * User ids are `SERIAL` (INTEGER) in the Auth.js schema; anything else, including numbers past
 * 2^31 - 1 (which PostgreSQL would refuse with an error), cannot name a row.
 */
const isUserId = (id: unknown): boolean => {
  const text = typeof id === "number" ? String(id) : id;
  return typeof text === "string" && /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647;
};
/**
 * Session tokens are printable ASCII (ours are base64url with an optional `~deadline`, Auth.js's
 * UUIDs). A cookie can carry anything else, `%00` included, which PostgreSQL refuses with an
 * error ("invalid byte sequence") on every request: such a token names no session, and is
 * answered without a query. 255 is the `sessionToken` column's width.
 */
const isSessionToken = (token: unknown): token is string =>
  typeof token === "string" && /^[\x21-\x7e]{1,255}$/.test(token);
const quote = (column: string) => `"${column}"`;

export interface PostgresAdapterOptions {
  /**
   * Return user, session and account ids as strings (`"1"`) instead of as stored (`1` for the
   * `SERIAL` columns of the Auth.js schema, as `@auth/pg-adapter` does). Default false.
   */
  stringIds?: boolean;
}

/**
 * Every Adapter method over `db` (`pg` Pool/Client or PGlite), on the schema of
 * `@auth/pg-adapter` plus an `authenticators` table. Run `migrate(db)` once first (an
 * `embeddedDatabase()` does it for you). Multi-row changes are single statements, so a failure
 * never leaves half a change behind.
 *
 * @example
 * ```ts
 * const adapter = postgresAdapter(postgresDatabase());
 * ```
 *
 * With a `pg.Pool` of your own, set `connectionTimeoutMillis`, `query_timeout` and
 * `statement_timeout` (and `keepAlive: true`): `pg` bounds nothing by default, and a pool
 * without them is warned about once.
 *
 * Ids are returned as the database gives them: numbers for the `SERIAL` columns of the
 * Auth.js schema, exactly as `@auth/pg-adapter`, so `session.user.id` compares equal to the
 * ids of your own tables after a switch. `stringIds: true` returns them as strings.
 */
export function postgresAdapter(
  db: SqlClient,
  options: PostgresAdapterOptions = {},
): Required<Adapter> & { [pruneExpired]: PruneExpired } {
  warnIfUnbounded(db);
  const mapId = options.stringIds ? idAsString : idAsStored;
  const asUser = (row: Record<string, unknown>) => toUser(row, mapId);
  const asSession = (row: Record<string, unknown>) => toSession(row, mapId);
  const asAccount = (row: Record<string, unknown>) => toAccount(row, mapId);
  const asAuthenticator = (row: Record<string, unknown>) => toAuthenticator(row, mapId);
  const one = async <T>(
    sql: string,
    params: unknown[],
    map: (row: Record<string, unknown>) => T,
  ) => {
    const { rows } = await db.query(sql, params);
    return rows[0] ? map(rows[0]) : null;
  };
  const asSessionAndUser = (row: Record<string, unknown>) => {
    const { sessionId, sessionToken: token, userId, expires, ...user } = row;
    return {
      session: asSession({ id: sessionId, sessionToken: token, userId, expires }),
      user: asUser(user),
    };
  };
  // `postgresDatabase({ sessionCache })`: reads of sessions may be served from memory.
  const cache = (db as { [sessionCacheKey]?: SessionCache })[sessionCacheKey];
  /**
   * Runs one of our writes, then forgets what it may have changed, whether it succeeded or not (a
   * write that timed out may still have committed). After it, not before: a read that started
   * before the commit would otherwise put the old row back (the eviction also voids such reads).
   */
  const evicting = async <T>(
    write: () => T | PromiseLike<T>,
    evict: (cache: SessionCache) => void,
  ) => {
    try {
      return await write();
    } finally {
      if (cache) evict(cache);
    }
  };
  const passwords = passwordMethods(db, isUserId, (id) => String(mapId(id)));

  return {
    ...passwords,
    deleteSessionsByUserId: (userId) =>
      evicting(
        () => passwords.deleteSessionsByUserId(userId),
        (c) => c.evictUser(userId),
      ),
    // Bulk deletion of expired rows, for the runtime's housekeeping (and `prune(db)` directly).
    [pruneExpired]: (pruneOptions) => prune(db, pruneOptions),
    async createUser(user) {
      const values = userColumns.map((column) => user[column] ?? null);
      return (await one(
        `INSERT INTO users (name, email, "emailVerified", image) VALUES ($1, $2, $3, $4) RETURNING *`,
        values,
        asUser,
      ))!;
    },
    getUser: (id) => (isUserId(id) ? one(`SELECT * FROM users WHERE id = $1`, [id], asUser) : null),
    getUserByEmail: (email) =>
      one(`SELECT * FROM users WHERE email = $1 ORDER BY id LIMIT 1`, [email], asUser),
    getUserByAccount: ({ provider, providerAccountId }) =>
      one(
        `SELECT u.* FROM users u JOIN accounts a ON u.id = a."userId"
         WHERE a.provider = $1 AND a."providerAccountId" = $2 LIMIT 1`,
        [provider, providerAccountId],
        asUser,
      ),
    async updateUser(user) {
      const columns = userColumns.filter((column) => column in user);
      if (!isUserId(user.id)) throw new Error(`No user with id ${user.id}`);
      const sets = columns.map((column, i) => `${quote(column)} = $${i + 2}`);
      const sql = sets.length
        ? `UPDATE users SET ${sets.join(", ")} WHERE id = $1 RETURNING *`
        : `SELECT * FROM users WHERE id = $1`;
      const updated = await evicting(
        () => one(sql, [user.id, ...columns.map((c) => user[c] ?? null)], asUser),
        (c) => c.evictUser(user.id),
      );
      if (!updated) throw new Error(`No user with id ${user.id}`);
      return updated;
    },
    async deleteUser(userId) {
      if (!isUserId(userId)) return null;
      // One statement: accounts, sessions, authenticators and the user go together or not at all.
      return evicting(
        () =>
          one(
            `WITH a AS (DELETE FROM accounts WHERE "userId" = $1),
              s AS (DELETE FROM sessions WHERE "userId" = $1),
              w AS (DELETE FROM authenticators WHERE "userId" = $1)
         DELETE FROM users WHERE id = $1 RETURNING *`,
            [userId],
            asUser,
          ),
        (c) => c.evictUser(userId),
      );
    },
    async linkAccount(account) {
      const values = accountColumns.map(
        (column) => (account as Record<string, unknown>)[column] ?? null,
      );
      const placeholders = accountColumns.map((_, i) => `$${i + 1}`).join(", ");
      return (await one(
        `INSERT INTO accounts (${accountColumns.map(quote).join(", ")}) VALUES (${placeholders}) RETURNING *`,
        values,
        asAccount,
      ))!;
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const removed = await one(
        `DELETE FROM accounts WHERE provider = $1 AND "providerAccountId" = $2 RETURNING *`,
        [provider, providerAccountId],
        asAccount,
      );
      return removed ?? undefined;
    },
    async createSession({ sessionToken, userId, expires }) {
      return (await one(
        `INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ($1, $2, $3) RETURNING *`,
        [sessionToken, userId, expires],
        asSession,
      ))!;
    },
    getSessionAndUser(sessionToken) {
      if (!isSessionToken(sessionToken)) return null;
      if (!cache) return one(SESSION_AND_USER, [sessionToken], asSessionAndUser);
      // A hit answers without a promise; see session-cache.ts for when one is kept.
      const cached = cache.get(sessionToken);
      if (cached) return asSessionAndUser(cached);
      const ticket = cache.ticket();
      return db.query(SESSION_AND_USER, [sessionToken]).then(({ rows }) => {
        if (!rows[0]) return null;
        cache.put(ticket, sessionToken, rows[0]);
        return asSessionAndUser(rows[0]);
      });
    },
    updateSession: ({ sessionToken, expires }) =>
      isSessionToken(sessionToken)
        ? evicting(
            () =>
              one(
                `UPDATE sessions SET expires = COALESCE($2, expires) WHERE "sessionToken" = $1 RETURNING *`,
                [sessionToken, expires ?? null],
                asSession,
              ),
            (c) => c.evictToken(sessionToken),
          )
        : null,
    deleteSession: (sessionToken) =>
      isSessionToken(sessionToken)
        ? evicting(
            () =>
              one(
                `DELETE FROM sessions WHERE "sessionToken" = $1 RETURNING *`,
                [sessionToken],
                asSession,
              ),
            (c) => c.evictToken(sessionToken),
          )
        : null,
    async createVerificationToken(token) {
      await db.query(
        `INSERT INTO verification_token (identifier, expires, token) VALUES ($1, $2, $3)`,
        [token.identifier, token.expires, token.token],
      );
      return token;
    },
    // DELETE … RETURNING: atomic, so of two concurrent uses exactly one gets the row.
    useVerificationToken: ({ identifier, token }) =>
      one(
        `DELETE FROM verification_token WHERE identifier = $1 AND token = $2 RETURNING *`,
        [identifier, token],
        toVerificationToken,
      ),
    getAccount: (providerAccountId, provider) =>
      one(
        `SELECT * FROM accounts WHERE "providerAccountId" = $1 AND provider = $2 LIMIT 1`,
        [providerAccountId, provider],
        asAccount,
      ) as Promise<AdapterAccount | null>,
    async listAccountsByUserId(userId) {
      if (!isUserId(userId)) return [];
      const { rows } = await db.query(
        `SELECT * FROM accounts WHERE "userId" = $1 ORDER BY provider, "providerAccountId"`,
        [userId],
      );
      return rows.map(asAccount) as AdapterAccount[];
    },
    getAuthenticator: (credentialID) =>
      one(
        `SELECT * FROM authenticators WHERE "credentialID" = $1`,
        [credentialID],
        asAuthenticator,
      ),
    async createAuthenticator(authenticator) {
      return (await one(
        `INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey",
           counter, "credentialDeviceType", "credentialBackedUp", transports)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [
          authenticator.credentialID,
          authenticator.userId,
          authenticator.providerAccountId,
          authenticator.credentialPublicKey,
          authenticator.counter,
          authenticator.credentialDeviceType,
          authenticator.credentialBackedUp,
          authenticator.transports ?? null,
        ],
        asAuthenticator,
      ))!;
    },
    async listAuthenticatorsByUserId(userId) {
      if (!isUserId(userId)) return [];
      const { rows } = await db.query(
        `SELECT * FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`,
        [userId],
      );
      return rows.map(asAuthenticator);
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      const updated = await one(
        `UPDATE authenticators SET counter = $2 WHERE "credentialID" = $1 RETURNING *`,
        [credentialID, counter],
        asAuthenticator,
      );
      if (!updated) throw new Error(`No authenticator with id ${credentialID}`);
      return updated;
    },
  };
}

export type { AdapterUser };
