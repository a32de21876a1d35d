/**
 * The PostgreSQL connection of a maintenance command (`migrate`, `prune`). An index build or a
 * bulk delete may run longer than the request-sized bounds `postgresDatabase` sets by default
 * (a 5 s statement), so a runtime that takes options gets a 30-minute statement bound instead.
 * Runtimes older than those options take the URL alone, and bound nothing.
 */

/** The longest one maintenance statement may run, in milliseconds. */
export const MAINTENANCE_QUERY_TIMEOUT = 30 * 60_000;

/** The part of `@create-auth/runtime/adapters/postgres` that opens a server database. */
export interface PostgresOpener<T> {
  postgresDatabase(options: string | { connectionString: string; queryTimeout: number }): T;
  /** Exported by runtimes whose `postgresDatabase` takes options. */
  POSTGRES_DEFAULTS?: unknown;
}

export function maintenanceDatabase<T>(runtime: PostgresOpener<T>, url: string): T {
  return runtime.POSTGRES_DEFAULTS
    ? runtime.postgresDatabase({ connectionString: url, queryTimeout: MAINTENANCE_QUERY_TIMEOUT })
    : runtime.postgresDatabase(url);
}
