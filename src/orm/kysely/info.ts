/** How the app names its migration files, so a new one sorts after the others. */
export type MigrationNaming =
  /** `1700000000000_create_pets.ts`: `Date.now()`, kysely-ctl's default. */
  | { kind: "epoch-ms"; separator: string }
  /** `1700000000_create_pets.ts`: seconds since the epoch. */
  | { kind: "epoch-s"; separator: string }
  /** `20240101120000_create_pets.ts`: a UTC date and time, digits only. */
  | { kind: "datetime"; separator: string }
  /** `2024-01-01T12-00-00_create_pets.ts` and other ISO-like stamps. */
  | { kind: "iso"; separator: string }
  /** `001_create_pets.ts`: a zero-padded sequence number. */
  | { kind: "sequence"; separator: string; width: number; next: number };

/** The app's way of running migrations, and where they live. */
export interface MigrationSetup {
  /** `kysely-ctl` (a kysely.config file), the app's own `Migrator`, or nothing found. */
  runner: "kysely-ctl" | "migrator" | "none";
  /** Project-relative folder of the migrations (`migrations`, `src/db/migrations`). */
  folder: string;
  /** What the runner and folder were read from. */
  evidence: string;
  naming: MigrationNaming;
  /** The extension new migrations get (`.ts`, `.js`, `.mjs`). */
  extension: string;
  /** Existing migration files, project-relative, sorted. */
  files: string[];
  /** The package.json script that runs the app's Migrator (`migrate`), if any. */
  script?: string;
}

/** The app's `DB` type, the one `new Kysely<DB>` is given. */
export interface DatabaseType {
  /** The type's name where it is declared (`DB`, `Database`). */
  name: string;
  /**
   * `interface`: written by hand in `file` (the CLI adds the auth tables to it);
   * `codegen`: kysely-codegen's output, in node_modules (`file` undefined) or a generated file.
   */
  source: "interface" | "codegen";
  file?: string;
  evidence: string;
}

/** One column of an existing table, as its migration or interface declares it. */
export interface KnownColumn {
  name: string;
  /** The SQL type as written (`uuid`, `serial`, `varchar(255)`), when a migration says it. */
  sqlType?: string;
  /** The TypeScript type the `DB` interface gives it (`Generated<number>`), when read from there. */
  tsType?: string;
  /** NOT NULL without a default: an insert must give it a value. */
  required: boolean;
}

/** The app's own user table, which auth extends rather than duplicating. */
export interface UserTable {
  /** As the database names it (`User`, `users`). */
  name: string;
  columns: KnownColumn[];
  /** `migrations/001_init.ts:5` or `src/db/types.ts:12`. */
  evidence: string;
  /** The interface declaring the table's row in the DB type, when it is a named one here. */
  rowInterface?: string;
}

/** Kysely's part of a detection. */
export interface KyselyInfo {
  /** The dialect class given to `new Kysely` (`PostgresDialect`), when one was seen. */
  dialectClass: string | undefined;
  /** False when the dialect was not seen and `dialect` is only a fallback from drivers. */
  dialectKnown: boolean;
  database: DatabaseType | undefined;
  migrations: MigrationSetup;
  userTable: UserTable | undefined;
  /** An existing migration that already creates the auth tables (a second run adds none). */
  authMigration: string | undefined;
  /** Whether the app's ids are `uuid` columns (PostgreSQL), so the auth tables match. */
  uuidIds: boolean;
  /** The app's kysely version (installed, else declared). */
  kysely: string;
  /** `src/db.ts:4: const db = new Kysely(…)` when the app's instance is not exported. */
  unexported: string | undefined;
  /** Whether the project writes TypeScript (a tsconfig.json or .ts sources). */
  typescript: boolean;
}
