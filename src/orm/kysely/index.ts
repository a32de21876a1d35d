import semver from "semver";
import { CliError } from "../../errors.js";
import { readPackageJson } from "../../project/package-json.js";
import { detectPackageManager } from "../../project/package-manager.js";
import { clientImport } from "../client-export.js";
import type { OrmModule } from "../types.js";
import { migrationCommands } from "./commands.js";
import { detectKysely, type KyselyDetection } from "./detect.js";
import type { KyselyInfo } from "./info.js";
import { planKyselySchema } from "./plan-schema.js";

/**
 * The @auth/kysely-adapter releases the compatibility suite runs, each with the kysely range
 * its peer dependency accepts: 1.11.2 wants ^0.28.15, 1.11.1 wants ^0.27.5.
 */
const ADAPTERS: [version: string, kysely: string][] = [
  ["1.11.2", "^0.28.15"],
  ["1.11.1", "^0.27.5"],
];

/** The app's kysely as a version (installed, else the lowest its range allows). */
function kyselyVersion(detection: KyselyDetection): string | undefined {
  const value = detection.info.kysely;
  return (
    semver.valid(value) ??
    (semver.validRange(value) ? semver.minVersion(value)?.version : undefined)
  );
}

/** The adapter release whose kysely peer range accepts the app's kysely, if one does. */
function matchingAdapter(detection: KyselyDetection): string | undefined {
  const version = kyselyVersion(detection);
  return version ? ADAPTERS.find(([, range]) => semver.satisfies(version, range))?.[0] : undefined;
}

/** kysely 0.28 below 0.28.15 fits 1.11.2 after a patch update within 0.28. */
function needsKyselyUpdate(detection: KyselyDetection): boolean {
  const version = kyselyVersion(detection);
  return version !== undefined && semver.satisfies(version, ">=0.28.0 <0.28.15");
}

export const kysely: OrmModule<"kysely", KyselyInfo> = {
  id: "kysely",
  name: "Kysely",
  packageNames: ["kysely"],
  adapterPackage: "@auth/kysely-adapter",
  detect(root, pkg) {
    const detection = detectKysely(root, pkg);
    if (detection && !matchingAdapter(detection) && !needsKyselyUpdate(detection))
      detection.warnings.push(
        `kysely ${detection.info.kysely} is outside the versions @auth/kysely-adapter supports (${ADAPTERS.map(([v, r]) => `${v}: kysely ${r}`).join(", ")}): the install stops with a peer-dependency conflict. Move kysely to ^0.28.15 first.`,
      );
    return detection;
  },
  adapterSpec(detection) {
    return `@auth/kysely-adapter@${matchingAdapter(detection) ?? ADAPTERS[0]![0]}`;
  },
  extraPackages(detection) {
    return needsKyselyUpdate(detection) ? ["kysely@^0.28.15"] : [];
  },
  wiring(detection, context) {
    if (!detection.client) {
      const where = detection.info.unexported
        ? `${detection.info.unexported.split(": ")[0]} creates the Kysely instance without exporting it: add \`export\` to it`
        : "No Kysely instance was found (`new Kysely(…)`): create one in a module such as src/db.ts and export it";
      throw new CliError(
        "kysely_client_not_exported",
        `${where}, so the auth configuration can pass it to KyselyAdapter. Nothing was changed.`,
      );
    }
    const client = clientImport(detection.client, context, "db");
    // The adapter is typed for a Kysely holding only its four tables, and Kysely's types are
    // invariant in the database type: the app's instance (more tables) needs a cast in TypeScript.
    const typed = /\.[cm]?tsx?$/.test(context.configFile);
    return {
      imports: [{ from: "@auth/kysely-adapter", named: ["KyselyAdapter"] }, client.spec],
      expression: typed
        ? `KyselyAdapter(${client.binding} as unknown as Parameters<typeof KyselyAdapter>[0])`
        : `KyselyAdapter(${client.binding})`,
    };
  },
  planSchema: planKyselySchema,
  migration(root, detection) {
    const manager = detectPackageManager(root, readPackageJson(root)).name;
    return migrationCommands(detection.info.migrations, manager);
  },
  // @auth/kysely-adapter queries fixed names.
  authTableNames: () => ["User", "Account", "Session", "VerificationToken"],
};
