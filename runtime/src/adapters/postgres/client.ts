/**
 * Anything that runs parameterised SQL and returns rows: a `pg` `Pool` or `Client`, a `PGlite`
 * instance, or a wrapper of your own.
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
