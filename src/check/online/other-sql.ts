import { existsSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import { importFromProject, resolveInProject } from "../../commands/migrate.js";
import { CliError } from "../../errors.js";
import type { Catalog } from "./read-only-sql.js";
import { withTimeout } from "./timed.js";

interface MysqlConnection {
  query(sql: string, params?: unknown[]): Promise<[unknown, unknown]>;
  end(): Promise<void>;
}

interface MariadbConnection {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

type Driver<C> = { createConnection(options: object | string): Promise<C> };

/** The project's own copy of a driver, when it has one (installed, or hoisted above it). */
async function projectDriver<C>(root: string, specifier: string): Promise<Driver<C> | undefined> {
  const path = resolveInProject(root, specifier);
  if (!path) return undefined;
  const loaded = (await import(pathToFileURL(path).href)) as Driver<C> & { default?: Driver<C> };
  return loaded.default ?? loaded;
}

/**
 * A connection through whichever MySQL driver the project has: `mysql2` (Drizzle, Kysely), else
 * `mariadb` (what `@prisma/adapter-mariadb` uses), answering `query` with the rows alone.
 */
async function connectMysql(root: string, url: string, timeoutMs: number) {
  const mysql2 = await projectDriver<MysqlConnection>(root, "mysql2/promise");
  if (mysql2) {
    const connection = await withTimeout(
      mysql2.createConnection({ uri: url, connectTimeout: timeoutMs }),
      timeoutMs,
      (late) => late.end(),
    );
    return {
      query: async (sql: string, params?: unknown[]) => (await connection.query(sql, params))[0],
      end: () => connection.end(),
    };
  }
  const mariadb = await projectDriver<MariadbConnection>(root, "mariadb");
  if (!mariadb)
    throw new CliError(
      "dependency_missing",
      `neither mysql2 nor mariadb is installed in ${root}: install one to check a MySQL database (npm install mysql2)`,
    );
  // The mariadb driver reads only its own scheme; Prisma's URLs say mysql://.
  const connection = await withTimeout(
    mariadb.createConnection(
      `${url.replace(/^mysql:/, "mariadb:")}${url.includes("?") ? "&" : "?"}connectTimeout=${timeoutMs}`,
    ),
    timeoutMs,
    (late) => late.end(),
  );
  return {
    query: (sql: string, params?: unknown[]) => connection.query(sql, params),
    end: () => connection.end(),
  };
}

/**
 * A MySQL or MariaDB server through the project's driver, in a read-only session
 * (`SET SESSION TRANSACTION READ ONLY`); only `information_schema` is read.
 */
export async function openMysql(root: string, url: string, timeoutMs: number): Promise<Catalog> {
  const connection = await connectMysql(root, url, timeoutMs);
  const end = () => connection.end().catch(() => undefined);
  const query = (sql: string, params?: unknown[]) =>
    withTimeout(connection.query(sql, params), timeoutMs);
  try {
    await query("SET SESSION TRANSACTION READ ONLY");
  } catch (error) {
    await end();
    throw error;
  }
  return {
    async columns(tables) {
      const rows = (await query(
        "SELECT TABLE_NAME AS name, COLUMN_NAME AS col FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)",
        [tables],
      )) as { name: string; col: string }[];
      const found = new Map<string, string[]>();
      for (const row of rows) found.set(row.name, [...(found.get(row.name) ?? []), row.col]);
      return found;
    },
    recordedVersion: async () => undefined,
    close: end,
  };
}

/** `file:./dev.db`, `sqlite:dev.db` or a path, resolved from the project folder. */
export function sqlitePath(root: string, url: string): string {
  const path = url.replace(/^(file|sqlite):(\/\/)?/, "").replace(/\?.*$/, "");
  return isAbsolute(path) ? path : join(root, path);
}

interface LibsqlClient {
  execute(statement: string | { sql: string; args: unknown[] }): Promise<{
    rows: Record<string, unknown>[];
  }>;
  close(): void;
}

/**
 * An SQLite file through the project's `@libsql/client`, opened only when the file exists (a
 * missing file is reported, never created); only `sqlite_master` and `pragma_table_info` are read.
 */
export async function openSqlite(root: string, url: string): Promise<Catalog> {
  const path = sqlitePath(root, url);
  if (!existsSync(path))
    throw new CliError("sqlite_missing", `the SQLite file ${path} does not exist`);
  const { createClient } = await importFromProject<{
    createClient(config: { url: string }): LibsqlClient;
  }>(
    root,
    "@libsql/client",
    "install it to check an SQLite database (npm install @libsql/client).",
  );
  const client = createClient({ url: `file:${path}` });
  return {
    async columns(tables) {
      const found = new Map<string, string[]>();
      for (const table of tables) {
        const { rows } = await client.execute({
          sql: "SELECT name FROM pragma_table_info(?)",
          args: [table],
        });
        if (rows.length)
          found.set(
            table,
            rows.map((row) => String(row.name)),
          );
      }
      return found;
    },
    recordedVersion: async () => undefined,
    close: async () => client.close(),
  };
}
