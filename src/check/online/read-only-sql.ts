import { existsSync } from "node:fs";
import { importFromProject, openEmbedded } from "../../commands/migrate.js";
import { withTimeout } from "./timed.js";

/** What the database probe asks of a database: catalog reads only. */
export interface Catalog {
  /** The columns of each of `tables` that exists (absent: no such table). */
  columns(tables: string[]): Promise<Map<string, string[]>>;
  /** The highest version in `auth_schema_migrations`; undefined without that table. */
  recordedVersion(): Promise<number | undefined>;
  close(): Promise<void>;
}

interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Every column of the named tables, in the connection's search path (quoted names: `"User"`). */
const COLUMNS = `SELECT t.name, a.attname AS column
  FROM unnest($1::text[]) AS t(name)
  JOIN pg_attribute a ON a.attrelid = to_regclass(quote_ident(t.name))
  WHERE a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`;

function postgresCatalog(client: SqlClient, close: () => Promise<void>): Catalog {
  return {
    async columns(tables) {
      const { rows } = await client.query(COLUMNS, [tables]);
      const found = new Map<string, string[]>();
      for (const row of rows) {
        const name = String(row.name);
        found.set(name, [...(found.get(name) ?? []), String(row.column)]);
      }
      return found;
    },
    async recordedVersion() {
      const { rows } = await client.query(
        "SELECT to_regclass('auth_schema_migrations') IS NOT NULL AS present",
      );
      if (!rows[0]?.present) return undefined;
      const result = await client.query(
        "SELECT coalesce(max(version), 0) AS version FROM auth_schema_migrations",
      );
      return Number(result.rows[0]?.version ?? 0);
    },
    close,
  };
}

/** The URL with `-c default_transaction_read_only=on` added to its `options` (kept, if any). */
export function readOnlyUrl(url: string): string {
  const parsed = new URL(url);
  const options = parsed.searchParams.get("options");
  parsed.searchParams.set(
    "options",
    `${options ? `${options} ` : ""}-c default_transaction_read_only=on`,
  );
  return parsed.toString();
}

interface PgClient extends SqlClient {
  connect(): Promise<unknown>;
  end(): Promise<void>;
}
type PgModule = { Client: new (config: object) => PgClient };

/**
 * A PostgreSQL server through the project's `pg`, in a session where every transaction is
 * read-only (`default_transaction_read_only=on`): a write would fail, and none is attempted.
 */
export async function openPostgres(root: string, url: string, timeoutMs: number): Promise<Catalog> {
  const loaded = await importFromProject<{ default?: PgModule } & Partial<PgModule>>(
    root,
    "pg",
    "install it to check a PostgreSQL server (npm install pg).",
  );
  const { Client } = (loaded.default ?? loaded) as PgModule;
  const client = new Client({
    connectionString: readOnlyUrl(url),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // pg reports a broken connection on the client too; the failed query carries the reason.
  (client as unknown as { on?: (event: string, listener: () => void) => void }).on?.(
    "error",
    () => undefined,
  );
  const end = () => client.end().catch(() => undefined);
  try {
    await withTimeout(client.connect(), timeoutMs, end);
  } catch (error) {
    await end();
    throw error;
  }
  return postgresCatalog(client, end);
}

/**
 * The embedded database's folder, opened only when it holds a database (`PG_VERSION`): a missing
 * folder is reported, never created. Only catalog SELECTs run on it. Not bounded by the probes'
 * timeout: it is local work (seconds of WebAssembly start-up on a busy machine), not a network
 * wait that could hang.
 */
export async function openPglite(root: string, dir: string): Promise<Catalog | undefined> {
  if (!existsSync(`${dir}/PG_VERSION`)) return undefined;
  const db = (await openEmbedded(root, dir)) as unknown as SqlClient & { close(): Promise<void> };
  await db.query("SET default_transaction_read_only = on");
  return postgresCatalog(db, () => db.close().catch(() => undefined));
}
