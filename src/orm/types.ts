import type { ModuleImport } from "../edit/imports.js";
import type { PlanBuilder } from "../plan/change-set.js";
import type { PackageJson } from "../project/package-json.js";
import type { ModuleKind } from "../syntax/module-kind.js";

/** The SQL dialects the ORM set-ups are generated for. */
export type Dialect = "postgresql" | "mysql" | "sqlite";

/**
 * Where the app creates its database client, so the generated configuration imports that
 * instance instead of opening a second connection.
 */
export interface ClientExport {
  /** Project-relative path of the module that exports the client (`src/db.ts`). */
  file: string;
  /** The exported binding (`prisma`, `db`), or `default` for a default export. */
  name: string;
  /** `src/db.ts:4: export const db = drizzle(pool)`. */
  evidence: string;
}

/**
 * What one ORM module found in a project. `info` is the module's own part (Prisma: the schema
 * files and generator; Drizzle: the config, schema files and driver; Kysely: the `DB` type).
 */
export interface OrmDetection<Id extends string = string, Info = unknown> {
  orm: Id;
  /** The installed version of the ORM's package, else its declared range. */
  version: string;
  dialect: Dialect;
  /** The app's client; undefined when none is exported (the plan then says what to do). */
  client: ClientExport | undefined;
  /** One line: what was seen (`prisma/schema.prisma, provider "postgresql"`). */
  evidence: string;
  /** What detection could not settle, printed before the questions. */
  warnings: string[];
  /**
   * Set when the ORM lives in a sibling package of the app's workspace (`packages/db`, which the
   * app depends on as `@acme/db`) rather than in the app. The module detected it in that
   * package's folder, so every path in `client` and `info` is relative to `dir`; the CLI
   * translates them (imports by package name, schema edits and migrations in `dir`), and the
   * module itself never needs to know.
   */
  workspace?: {
    /** The package's folder relative to the app's root, `/`-separated (`../../packages/db`). */
    dir: string;
    /** The package's name, which the app imports it by (`@acme/db`). */
    name: string;
  };
  info: Info;
}

/** How the generated configuration file refers to other modules. */
export interface ImportContext {
  /** Project-relative path of the configuration module being generated. */
  configFile: string;
  kind: ModuleKind;
  /** Whether relative specifiers carry the emitted extension (`./db.js`). */
  withExtension: boolean;
}

/** The configuration's adapter: what it imports and the `adapter:` expression. */
export interface AdapterWiring {
  imports: ModuleImport[];
  /** `PrismaAdapter(prisma)`. */
  expression: string;
}

/** One command the ORM's own tool runs to migrate (`npx prisma migrate dev --name auth`). */
export interface MigrationStep {
  command: string;
  args: string[];
  /** Why this step: `create the migration from the schema`. */
  why: string;
  /**
   * Where it runs, relative to the app's root (`../../packages/db` for an ORM kept in a
   * workspace package, whose tool reads its own config there); the app's root when unset.
   */
  cwd?: string;
  /**
   * Skipped when the auth tables are already in the database (probed read-only before any step
   * runs): for a step that cannot run twice, such as applying a migration's SQL a second time.
   */
  skipWhenTablesExist?: boolean;
  /** A failure whose output matches this means the step's work is already done (not an error). */
  alreadyDone?: RegExp;
}

/** How the auth tables reach the database: commands to run, or only to print. */
export interface MigrationPlan {
  steps: MigrationStep[];
  /**
   * Set when the app's workflow forbids running them here (a migrations folder reviewed in
   * pull requests, a production URL): `migrate` prints the steps with this reason instead.
   */
  printOnly?: string;
}

/**
 * Everything the CLI knows about one ORM, in one folder (`src/orm/<id>/`) and one registry
 * line: detection with evidence, the Auth.js adapter that fits it, the auth schema written in the
 * ORM's own language (extending the app's user model or table, never a parallel one), and how
 * its own tool migrates. `init`, `migrate` and `check` only go through this interface.
 */
export interface OrmModule<Id extends string = string, Info = unknown> {
  /** `--database` value. */
  id: Id;
  /** How output names it: `Prisma`. */
  name: string;
  /** The packages whose presence in package.json means this ORM (any one of them). */
  packageNames: readonly string[];
  /** The Auth.js adapter package. */
  adapterPackage: string;
  /** The ORM in this project, or undefined when it has none (or none this module can use). */
  detect(root: string, pkg: PackageJson): OrmDetection<Id, Info> | undefined;
  /**
   * Why the project's set-up of this ORM cannot be used (an unsupported database, no schema),
   * when `detect` finds none although the ORM is a dependency: printed before the questions.
   */
  unusable?(root: string, pkg: PackageJson): string | undefined;
  /** The adapter package spec to install (a version the compatibility suite covers). */
  adapterSpec(detection: OrmDetection<Id, Info>): string;
  /** Other packages the set-up needs installed (specs), beyond the adapter. */
  extraPackages?(detection: OrmDetection<Id, Info>): string[];
  /** The configuration's adapter, importing the app's client. */
  wiring(detection: OrmDetection<Id, Info>, context: ImportContext): AdapterWiring;
  /**
   * Adds the auth models or tables to the plan in the ORM's own language: extends the app's
   * user model or table with the fields auth needs and adds the rest; leaves a project that has
   * them all unchanged. Anything it cannot do safely goes to `plan.manual`.
   */
  planSchema(plan: PlanBuilder, detection: OrmDetection<Id, Info>): void;
  /** The ORM tool's commands that bring the database up to the schema. */
  migration(root: string, detection: OrmDetection<Id, Info>): MigrationPlan;
  /**
   * The SQL names of the tables the Auth.js adapter reads (users, accounts, sessions,
   * verification tokens) in this project's database: the names the schema gives them, else the
   * names `planSchema` would give them. `read` reads a file of the ORM's folder (the app's root,
   * or its workspace package). For `check --online`.
   */
  authTableNames(detection: OrmDetection<Id, Info>, read: (path: string) => string): string[];
}
