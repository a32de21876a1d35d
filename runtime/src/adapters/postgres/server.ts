import { logText } from "../../core/log-text.js";
import type { SqlClient } from "./client.js";

interface PoolLike extends SqlClient {
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): void;
}

export interface ServerDatabase extends SqlClient {
  /** Closes the pool. Queries after this open a new one. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL server through a `pg` pool, opened on the first query so configuration code can
 * create it synchronously and before the environment is loaded.
 *
 * @param connectionString default: `DATABASE_URL`, read on the first query.
 * @example
 * ```ts
 * adapter: postgresAdapter(postgresDatabase())
 * ```
 */
export function postgresDatabase(connectionString?: string): ServerDatabase {
  let opening: Promise<PoolLike> | undefined;
  const open = () => {
    opening ??= (async () => {
      const url = connectionString ?? globalThis.process?.env?.DATABASE_URL;
      if (!url) throw new Error("No database connection string: set DATABASE_URL");
      let pg: {
        default?: { Pool: new (options: object) => PoolLike };
        Pool?: new (options: object) => PoolLike;
      };
      try {
        pg = await import("pg");
      } catch (cause) {
        throw new Error('A PostgreSQL server needs the "pg" package: npm install pg', { cause });
      }
      const Pool = pg.Pool ?? pg.default!.Pool;
      const pool = new Pool({ connectionString: url });
      // An idle connection dropped by the server emits "error"; unhandled, it ends the process.
      // The pool replaces the connection; the next query reports any lasting failure.
      pool.on("error", (error) =>
        console.error(`[auth][postgres] idle connection lost: ${logText(error.message)}`),
      );
      return pool;
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  return {
    async query(text, params) {
      return (await open()).query(text, params);
    },
    async close() {
      const current = opening;
      opening = undefined;
      if (current) await (await current).end();
    },
  };
}
