import semver from "semver";

/** One @auth/drizzle-adapter release and what its custom-table API accepts. */
export interface AdapterRelease {
  version: string;
  /** Whether it takes `authenticatorsTable` (WebAuthn); 1.0.0 predates it. */
  authenticators: boolean;
}

/**
 * The adapter release whose custom-table types match the app's drizzle-orm. Verified with a real
 * install and `tsc --noEmit` (strict, skipLibCheck) of the generated tables passed to
 * `DrizzleAdapter(db, { usersTable, … })`, 2026-11-26:
 * - adapter 1.11.3 type-checks against drizzle-orm 0.32.2, 0.33.0, 0.36.4, 0.40.1, 0.44.7 and
 *   0.45.4 (as do 1.4.2–1.9.1), and fails against 0.30.10 and 0.31.4: its column types require the
 *   `isAutoincrement`/`hasRuntimeDefault`/`generated` fields drizzle-orm added in 0.32;
 * - below 0.32, 1.4+ fail for that reason, 1.1.0–1.3.0 demand a NOT NULL email, and 1.0.0 types
 *   the tables after its own (a NOT NULL email, an `id` on sessions): on drizzle-orm 0.29.5 it
 *   rejects an app's users table and the generated sessions table, while its run-time code works
 *   with them (test/orm/drizzle-real.test.ts). So 1.0.0 (no authenticators table) is used there
 *   and the wiring casts the tables.
 */
export function adapterRelease(ormVersion: string): AdapterRelease {
  const version = semver.coerce(ormVersion);
  if (version && semver.lt(version, "0.32.0")) return { version: "1.0.0", authenticators: false };
  return { version: "1.11.3", authenticators: true };
}

/**
 * Why the app's drizzle-orm has no adapter release at all: drizzle-orm 1.0 (its release
 * candidates are what create-better-t-stack installs today) removed `BaseSQLiteDatabase`, which
 * @auth/drizzle-adapter 1.11.3 imports, so the app would stop at start-up; it fails type-checking
 * too (found by the corpus test, 2026-11-26).
 */
export function unsupportedDrizzle(ormVersion: string): string | undefined {
  const version = semver.coerce(ormVersion);
  if (!version || semver.lt(version, "1.0.0")) return undefined;
  return `drizzle-orm ${ormVersion} has no @auth/drizzle-adapter release yet (1.11.3, the newest, fails to load with it: drizzle-orm/sqlite-core no longer exports BaseSQLiteDatabase), so init does not wire it: choose another database, or stay on drizzle-orm 0.45.`;
}
