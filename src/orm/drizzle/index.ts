import type { ModuleImport } from "../../edit/imports.js";
import { CliError } from "../../errors.js";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange } from "../../project/package-json.js";
import { siblingSpecifier } from "../../syntax/sibling-specifier.js";
import { clientImport } from "../client-export.js";
import type { AdapterWiring, ImportContext, OrmModule } from "../types.js";
import { adapterRelease, unsupportedDrizzle } from "./adapter-version.js";
import { idIsString, TABLE_VARIABLES, type TableRole, tableNames } from "./auth-tables.js";
import { type DrizzleInfo, detectDrizzle } from "./detect.js";
import { drizzleMigration } from "./migration.js";
import { planDrizzleSchema } from "./plan-schema.js";

export type { DrizzleInfo } from "./detect.js";

/** The adapter option each auth table is passed under. */
const OPTIONS: Record<"users" | TableRole, string> = {
  users: "usersTable",
  accounts: "accountsTable",
  sessions: "sessionsTable",
  verificationTokens: "verificationTokensTable",
  authenticators: "authenticatorsTable",
};

/**
 * `DrizzleAdapter(db, { usersTable: users, … })` with the app's client and tables: without the
 * tables the adapter would use its own table objects, whose names are not the app's.
 */
function wiring(
  detection: Parameters<OrmModule<"drizzle", DrizzleInfo>["wiring"]>[0],
  context: ImportContext,
): AdapterWiring {
  const { info } = detection;
  if (!detection.client) {
    const where = detection.warnings.find((w) => w.startsWith("drizzle(…) is called"));
    throw new CliError(
      "drizzle_client_not_exported",
      `${where ?? "No drizzle(…) call was found in the app's sources."} Export the client from that module (\`export const db = drizzle(…)\`) so the auth configuration can share it, then run again: nothing was changed.`,
    );
  }
  const client = clientImport(detection.client, context, "db");
  const release = adapterRelease(info.ormVersion);
  const roles: TableRole[] = ["accounts", "sessions", "verificationTokens"];
  if (release.authenticators) roles.push("authenticators");
  const byFile = new Map<string, string[]>();
  const entries: string[] = [];
  const use = (file: string, variable: string, option: string) => {
    byFile.set(file, [...(byFile.get(file) ?? []), variable]);
    entries.push(`${option}: ${variable}`);
  };
  if (info.users) use(info.users.file, info.users.variable, OPTIONS.users);
  else use(info.place.file, "users", OPTIONS.users);
  for (const role of roles) {
    const existing = info.authTables[role];
    if (existing) use(existing.file, existing.variable, OPTIONS[role]);
    else use(info.place.file, TABLE_VARIABLES[role], OPTIONS[role]);
  }
  const tables: ModuleImport[] = [...byFile].map(([file, named]) => ({
    from: siblingSpecifier(context.configFile, file, context.withExtension),
    named: [...new Set(named)],
  }));
  // Adapter 1.0.0 types the tables as exactly its own (column for column, its SQL names, an `id`
  // on sessions), and every release types user ids as strings; at run time it needs only the
  // columns it reads, and an integer id works (checked on PostgreSQL). A TypeScript
  // configuration says so with a cast, which text/uuid ids on drizzle-orm 0.32+ do not need.
  const id = info.users?.columns.find((column) => column.key === "id");
  const cast =
    (release.version === "1.0.0" || !idIsString(id)) && /\.[cm]?tsx?$/.test(context.configFile)
      ? ` as unknown as Parameters<typeof DrizzleAdapter<typeof ${client.binding}>>[1]`
      : "";
  return {
    imports: [{ from: "@auth/drizzle-adapter", named: ["DrizzleAdapter"] }, client.spec, ...tables],
    expression: `DrizzleAdapter(${client.binding}, { ${entries.join(", ")} }${cast})`,
  };
}

/** Drizzle ORM: drizzle.config and schema files read statically, drizzle-kit migrates. */
export const drizzleOrm: OrmModule<"drizzle", DrizzleInfo> = {
  id: "drizzle",
  name: "Drizzle",
  packageNames: ["drizzle-orm"],
  adapterPackage: "@auth/drizzle-adapter",
  detect: detectDrizzle,
  unusable(root, pkg) {
    const range = dependencyRange(pkg, "drizzle-orm");
    return range && unsupportedDrizzle(installedVersion(root, "drizzle-orm") ?? range);
  },
  adapterSpec: (detection) =>
    `@auth/drizzle-adapter@${adapterRelease(detection.info.ormVersion).version}`,
  wiring,
  planSchema: planDrizzleSchema,
  migration: drizzleMigration,
  authTableNames({ info }) {
    const planned = tableNames(info.users?.name === "users");
    const roles = ["accounts", "sessions", "verificationTokens"] as const;
    return [
      info.users?.name ?? "user",
      ...roles.map((role) => info.authTables[role]?.name ?? planned[role]),
    ];
  },
};
