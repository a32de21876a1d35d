import { INVALIDATION_CHANNEL } from "./session-cache.js";

/**
 * The tables of the published `@auth/pg-adapter` (same names, columns and types, so an existing
 * Auth.js database keeps working), plus `authenticators` for passkeys and `rate_limits` for
 * `postgresRateLimitStore`. Fresh installs also get the constraints Auth.js leaves out: unique
 * session tokens and accounts, and foreign keys that cascade when a user is deleted.
 */
export const tables: { name: string; sql: string }[] = [
  {
    name: "users",
    sql: `CREATE TABLE IF NOT EXISTS users (
  id SERIAL,
  name VARCHAR(255),
  email VARCHAR(255),
  "emailVerified" TIMESTAMPTZ,
  image TEXT,
  PRIMARY KEY (id)
)`,
  },
  {
    name: "accounts",
    sql: `CREATE TABLE IF NOT EXISTS accounts (
  id SERIAL,
  "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type VARCHAR(255) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  "providerAccountId" VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,
  PRIMARY KEY (id),
  UNIQUE (provider, "providerAccountId")
)`,
  },
  {
    name: "sessions",
    sql: `CREATE TABLE IF NOT EXISTS sessions (
  id SERIAL,
  "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires TIMESTAMPTZ NOT NULL,
  "sessionToken" VARCHAR(255) NOT NULL UNIQUE,
  PRIMARY KEY (id)
)`,
  },
  {
    name: "verification_token",
    sql: `CREATE TABLE IF NOT EXISTS verification_token (
  identifier TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (identifier, token)
)`,
  },
  {
    name: "authenticators",
    sql: `CREATE TABLE IF NOT EXISTS authenticators (
  "credentialID" TEXT NOT NULL,
  "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  "providerAccountId" TEXT NOT NULL,
  "credentialPublicKey" TEXT NOT NULL,
  counter INTEGER NOT NULL,
  "credentialDeviceType" TEXT NOT NULL,
  "credentialBackedUp" BOOLEAN NOT NULL,
  transports TEXT,
  PRIMARY KEY ("credentialID")
)`,
  },
  {
    // Ours: sign-in attempts per hashed client address or identifier (`postgresRateLimitStore`).
    name: "rate_limits",
    sql: `CREATE TABLE IF NOT EXISTS rate_limits (
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  reset_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (key)
)`,
  },
];

/** Lookup indexes; plain (not unique) so they also apply to databases Auth.js created. */
export const indexes: { name: string; sql: string }[] = [
  { name: "users_email_idx", sql: `CREATE INDEX IF NOT EXISTS users_email_idx ON users (email)` },
  {
    name: "accounts_provider_idx",
    sql: `CREATE INDEX IF NOT EXISTS accounts_provider_idx ON accounts (provider, "providerAccountId")`,
  },
  {
    name: "accounts_user_idx",
    sql: `CREATE INDEX IF NOT EXISTS accounts_user_idx ON accounts ("userId")`,
  },
  {
    name: "sessions_token_idx",
    sql: `CREATE INDEX IF NOT EXISTS sessions_token_idx ON sessions ("sessionToken")`,
  },
  {
    name: "sessions_user_idx",
    sql: `CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions ("userId")`,
  },
  {
    name: "authenticators_user_idx",
    sql: `CREATE INDEX IF NOT EXISTS authenticators_user_idx ON authenticators ("userId")`,
  },
];

/**
 * Indexes on the expiry columns (schema version 2), so that pruning expired rows reads only those
 * rows instead of scanning the whole table.
 */
export const expiryIndexes: { name: string; sql: string }[] = [
  {
    name: "sessions_expires_idx",
    sql: `CREATE INDEX IF NOT EXISTS sessions_expires_idx ON sessions (expires)`,
  },
  {
    name: "verification_token_expires_idx",
    sql: `CREATE INDEX IF NOT EXISTS verification_token_expires_idx ON verification_token (expires)`,
  },
  {
    name: "rate_limits_reset_at_idx",
    sql: `CREATE INDEX IF NOT EXISTS rate_limits_reset_at_idx ON rate_limits (reset_at)`,
  },
];

/**
 * The password provider's table (schema version 3): one hash per user, with the version that
 * ends older sessions. Ours; cascades with the user, as a table Auth.js never had.
 */
export const passwordTables: { name: string; sql: string }[] = [
  {
    name: "password_credentials",
    sql: `CREATE TABLE IF NOT EXISTS password_credentials (
  "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  version INTEGER NOT NULL,
  "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY ("userId")
)`,
  },
];

/** Past this many rows, one statement's NOTIFY says "forget everything" (payloads stop at 8000 bytes). */
const MOST_IDS = 500;

/**
 * Where a cache's listener holds its lease (schema version 5): the epoch millisecond until which
 * writers must notify. A sequence, because its value is read as it is now, whatever the reader's
 * snapshot (a REPEATABLE READ writer sees a lease taken after its transaction began).
 */
export const LEASE_SEQUENCE = "create_auth_cache_lease";
/**
 * How long one renewal keeps writers notifying (30 s), far past the 3 s a listener's answer
 * vouches for its cache: a listener that stopped renewing stopped trusting long before.
 */
export const LEASE_HELD_MS = 30_000;

/**
 * The first statement of a version-5 trigger function: nothing to tell while no cache listens. The
 * lease is found next to the table that fired (not through the writer's `search_path`); a lease
 * missing or unreadable (NULL) notifies, so only a lease known to have lapsed stays quiet.
 */
const skipUnlessListened = `IF pg_sequence_last_value(to_regclass(format('%I.${LEASE_SEQUENCE}', TG_TABLE_SCHEMA)))
    <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint THEN
    RETURN NULL;
  END IF;
  `;

/**
 * A statement-level trigger function for `table`: one `pg_notify` per statement, carrying the ids
 * of the rows it changed (`s:1,2` or `u:1,2`), never session tokens (anyone may LISTEN), or `*`
 * when there are too many. `live` filters the rows that need telling: deleting a session that had
 * expired changes nothing a reader would accept (it checks `expires` itself), so pruning sends
 * nothing at all. `gated` (version 5) sends only while a cache holds the lease.
 */
const notifyFunction = (name: string, prefix: "s" | "u", live: string, gated = false) => ({
  name,
  sql: `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ids text[];
BEGIN
  ${gated ? skipUnlessListened : ""}SELECT array_agg(id) INTO ids FROM (SELECT id::text AS id FROM changed WHERE ${live} LIMIT ${MOST_IDS + 1}) AS capped;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('${INVALIDATION_CHANNEL}', CASE WHEN cardinality(ids) > ${MOST_IDS} THEN '*'
      ELSE '${prefix}:' || array_to_string(ids, ',') END);
  END IF;
  RETURN NULL;
END $fn$`,
});

/** The TRUNCATE triggers' function: everything may have changed. */
const notifyAll = (gated: boolean) =>
  `CREATE OR REPLACE FUNCTION create_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${gated ? skipUnlessListened : ""}PERFORM pg_notify('${INVALIDATION_CHANNEL}', '*');
  RETURN NULL;
END $fn$`;

/** The trigger functions: the same names and payloads in versions 4 and 5 (which is gated). */
const notifyFunctions = (gated: boolean) => [
  notifyFunction("create_auth_notify_sessions", "s", "true", gated).sql,
  notifyFunction("create_auth_notify_live_sessions", "s", "expires >= now()", gated).sql,
  notifyFunction("create_auth_notify_users", "u", "true", gated).sql,
  notifyAll(gated),
];

/** A statement-level trigger (dropped first: `CREATE OR REPLACE TRIGGER` needs PostgreSQL 14). */
const trigger = (name: string, when: string, table: string, fn: string, changed = true) => [
  `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
  `CREATE TRIGGER ${name} AFTER ${when} ON ${table}${changed ? " REFERENCING OLD TABLE AS changed" : ""}
  FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
];

/**
 * What tells every `sessionCache` (schema version 4) that a session or its user changed, whoever
 * changed it: our adapter, the app's own SQL, an Auth.js instance, an operator. A transition
 * table takes one event, hence one trigger per event.
 */
export const invalidationTriggers: string[] = [
  ...notifyFunctions(false),
  ...trigger("create_auth_sessions_updated", "UPDATE", "sessions", "create_auth_notify_sessions"),
  ...trigger(
    "create_auth_sessions_deleted",
    "DELETE",
    "sessions",
    "create_auth_notify_live_sessions",
  ),
  ...trigger(
    "create_auth_sessions_truncated",
    "TRUNCATE",
    "sessions",
    "create_auth_notify_all",
    false,
  ),
  ...trigger("create_auth_users_updated", "UPDATE", "users", "create_auth_notify_users"),
  ...trigger("create_auth_users_deleted", "DELETE", "users", "create_auth_notify_users"),
  ...trigger("create_auth_users_truncated", "TRUNCATE", "users", "create_auth_notify_all", false),
];

/**
 * Schema version 5: the triggers notify only while some cache listens, so an install that never
 * turns `sessionCache` on pays no NOTIFY (one serialises every notifying commit, fsync included:
 * bench/notify-cost.mjs). Each listener renews a lease in {@link LEASE_SEQUENCE} every heartbeat
 * through `create_auth_cache_renew()` (SECURITY DEFINER: the app's role needs no privilege on the
 * sequence, and no caller can shorten a lease), which answers the lease it found (`held_before`),
 * what this renewal guarantees (`held_until`) and the server's clock after it (`checked_at`):
 * cache-lease.ts proves continuity with them. The lease starts lapsed (1), and `PUBLIC` may read
 * it: every writer's trigger does.
 */
export const listenerLease: string[] = [
  `CREATE SEQUENCE IF NOT EXISTS ${LEASE_SEQUENCE}`,
  `GRANT SELECT ON SEQUENCE ${LEASE_SEQUENCE} TO PUBLIC`,
  // A DO block: this list is also run as a plain script (`schema`), where PERFORM does not exist.
  `DO $lease$ BEGIN PERFORM setval('${LEASE_SEQUENCE}', 1); END $lease$`,
  `CREATE OR REPLACE FUNCTION create_auth_cache_renew(OUT held_before bigint, OUT held_until bigint,
  OUT checked_at bigint) LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $fn$
BEGIN
  -- One renewal at a time, so that renewals only ever extend the lease.
  PERFORM pg_advisory_xact_lock(hashtext('create-auth:cache-lease'));
  held_before := pg_sequence_last_value('${LEASE_SEQUENCE}');
  held_until := (extract(epoch FROM clock_timestamp()) * 1000)::bigint + ${LEASE_HELD_MS};
  PERFORM setval('${LEASE_SEQUENCE}', greatest(held_until, held_before));
  checked_at := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
END $fn$`,
  ...notifyFunctions(true),
];

/** The whole schema as one SQL script, for review or manual application. */
export const schema = `${[...tables, ...indexes, ...expiryIndexes, ...passwordTables].map((entry) => `${entry.sql};`).join("\n\n")}\n\n${[...invalidationTriggers, ...listenerLease].map((sql) => `${sql};`).join("\n\n")}\n`;
