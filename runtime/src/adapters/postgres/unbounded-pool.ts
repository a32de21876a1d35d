import type { SqlClient } from "./client.js";

const warned = new WeakSet<object>();

/**
 * Warns once per pool when the app passes its own `pg.Pool` without time bounds: `pg`'s
 * defaults wait forever for a connection and for an answer, so a database that goes silent
 * holds every request (docs/operations.md, "Timeouts and failures"). The pool is the app's:
 * its settings are left alone.
 */
export function warnIfUnbounded(db: SqlClient): void {
  const options = (db as { options?: unknown }).options;
  const isPool =
    typeof options === "object" &&
    options !== null &&
    typeof (db as { connect?: unknown }).connect === "function" &&
    typeof (db as { totalCount?: unknown }).totalCount === "number";
  if (!isPool || warned.has(db)) return;
  const set = options as Record<string, unknown>;
  const missing = [
    !set.connectionTimeoutMillis && "connectionTimeoutMillis",
    !set.query_timeout && !set.statement_timeout && "query_timeout/statement_timeout",
  ].filter(Boolean);
  if (missing.length === 0) return;
  warned.add(db);
  console.warn(
    `[auth][postgres] the pg.Pool passed to postgresAdapter has no ${missing.join(" and ")}: ` +
      "a database that stops answering will hold requests without limit. Set them, or use " +
      "postgresDatabase(), which does (docs/operations.md, Timeouts and failures).",
  );
}
