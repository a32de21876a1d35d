import { mkdir } from "node:fs/promises";
import type { SqlClient } from "./client.js";
import { migrate } from "./migrate.js";

interface PGliteLike extends SqlClient {
  waitReady: Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedDatabase extends SqlClient {
  /** Closes the database (flushes it to disk). Queries after this reopen it. */
  close(): Promise<void>;
}

/**
 * An embedded PostgreSQL (PGlite) in a folder on disk, for development and small deployments:
 * no server, no native build. Opened and migrated on the first query, so it can be created
 * synchronously in configuration code. Only one process may open a folder at a time. The same
 * schema moves unchanged to a real PostgreSQL server (`pg_dump` → `psql`).
 *
 * @example
 * ```ts
 * adapter: postgresAdapter(embeddedDatabase(".auth/db"))
 * ```
 */
export function embeddedDatabase(dir = ".auth/db"): EmbeddedDatabase {
  let opening: Promise<PGliteLike> | undefined;
  const open = () => {
    opening ??= (async () => {
      let PGlite: new (dataDir: string) => PGliteLike;
      try {
        ({ PGlite } = (await import("@electric-sql/pglite")) as unknown as {
          PGlite: typeof PGlite;
        });
      } catch (cause) {
        throw new Error(
          'The embedded database needs "@electric-sql/pglite": npm install @electric-sql/pglite',
          {
            cause,
          },
        );
      }
      await mkdir(dir, { recursive: true });
      const db = new PGlite(dir);
      await db.waitReady;
      await migrate(db);
      return db;
    })();
    // A failed open (missing package, unreadable folder) is retried on the next query.
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
      if (current) await (await current).close();
    },
  };
}
