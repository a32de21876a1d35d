import { localBin, type PackageManagerName } from "../../project/package-manager.js";
import type { MigrationPlan } from "../types.js";
import type { MigrationSetup } from "./info.js";

/**
 * The commands that apply the auth migration with the app's own runner: kysely-ctl's
 * `migrate:latest`, or the package.json script that runs its Migrator. With neither, the steps
 * are printed (never run): without a runner the CLI cannot know how the app connects.
 */
export function migrationCommands(
  setup: MigrationSetup,
  manager: PackageManagerName,
): MigrationPlan {
  if (setup.runner === "kysely-ctl")
    return {
      steps: [
        {
          ...localBin(manager, "kysely", ["migrate:latest"]),
          why: `run the auth migration in ${setup.folder}/ with kysely-ctl`,
        },
      ],
    };
  if (setup.script)
    return {
      steps: [
        {
          command: manager,
          args: ["run", setup.script],
          why: `run the auth migration in ${setup.folder}/ with the app's Migrator`,
        },
      ],
    };
  const reason =
    setup.runner === "migrator"
      ? `No package.json script runs the app's Migrator (${setup.evidence}): run it the way you usually do, or with kysely-ctl as below after giving it a kysely.config.ts.`
      : `The project has no Kysely migration runner (no kysely-ctl config, no Migrator): the migration in ${setup.folder}/ runs with kysely-ctl once its config names your database.`;
  return {
    steps: [
      {
        command: manager,
        args: [manager === "npm" ? "install" : "add", "-D", "kysely-ctl"],
        why: "install Kysely's migration CLI",
      },
      {
        ...localBin(manager, "kysely", ["init"]),
        why: "write .config/kysely.config.ts; set its dialect to your database's and migrationFolder to the migrations folder",
      },
      { ...localBin(manager, "kysely", ["migrate:latest"]), why: "run the auth migration" },
    ],
    printOnly: reason,
  };
}
