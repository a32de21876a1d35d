/**
 * `migrate` and `prune` open the database through `maintenanceDatabase`: a statement longer than
 * the request-sized default bound (5 s) still completes, since index builds and bulk deletes on
 * large tables may take that long. Real PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import * as runtime from "../../runtime/src/adapters/postgres/index.js";
import { maintenanceDatabase } from "../../src/commands/maintenance-database.js";

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

describe("the database of maintenance commands", () => {
  it("lets a statement run past the 5 s bound requests get", async () => {
    expect(runtime.POSTGRES_DEFAULTS.queryTimeout).toBe(5_000);
    const db = maintenanceDatabase(runtime, DATABASE_URL);
    try {
      const { rows } = await db.query("SELECT pg_sleep(5.5), 1 AS done");
      expect(rows[0]?.done).toBe(1);
    } finally {
      await db.close();
    }
  }, 30_000);

  it("a runtime without options gets the URL alone", () => {
    const calls: unknown[] = [];
    const old = { postgresDatabase: (arg: unknown) => calls.push(arg) };
    maintenanceDatabase(old, DATABASE_URL);
    expect(calls).toEqual([DATABASE_URL]);
  });
});
