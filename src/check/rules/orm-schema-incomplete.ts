import { detectOrm, ormOfConfigText } from "../../orm/registry.js";
import type { OrmDetection, OrmModule } from "../../orm/types.js";
import { planOrmSchema } from "../../orm/workspace-wiring.js";
import { PlanBuilder } from "../../plan/change-set.js";
import type { CheckContext, Rule } from "../types.js";

/** The configuration's ORM adapter and the app's set-up of that ORM (undefined: none found). */
function ormSetup(
  context: CheckContext,
): { orm: OrmModule; detection: OrmDetection | undefined } | undefined {
  const { config } = context.setup;
  if (!config.adapter) return undefined;
  const orm = ormOfConfigText(context.text(config.file));
  return orm && { orm, detection: detectOrm(context.root, context.pkg, orm) };
}

/**
 * What `init` would still add to the app's schema: the same planner, on a plan that is never
 * applied. Files it would change are what the adapter needs and the schema lacks.
 */
function missingFromSchema(context: CheckContext, detection: OrmDetection) {
  const plan = new PlanBuilder(context.root);
  planOrmSchema(plan, detection);
  return plan.build();
}

export const ormSchemaIncomplete: Rule = {
  id: "orm-schema-incomplete",
  severity: "error",
  summary:
    "An ORM's Auth.js adapter whose schema lacks models, tables or fields it needs (or no such ORM set-up at all).",
  check(context) {
    const found = ormSetup(context);
    if (!found) return [];
    const { orm, detection } = found;
    const { config } = context.setup;
    const line = config.adapter?.line;
    if (!detection)
      return [
        {
          file: config.file,
          line,
          message: `The adapter is ${orm.adapterPackage}, but no ${orm.name} set-up was found.`,
          why: `${orm.adapterPackage} reads and writes the auth tables through the app's ${orm.name} client and schema: without them every sign-in fails.`,
          fix: `Restore the ${orm.name} set-up, or choose another adapter (npx create-auth init --database embedded).`,
        },
      ];
    const plan = missingFromSchema(context, detection);
    if (!plan.files.length) return [];
    const files = plan.files.map((file) => file.path).join(", ");
    return [
      {
        file: plan.files[0]!.path,
        message: `${orm.name}'s schema lacks what ${orm.adapterPackage} needs (${files} would change).`,
        why: "The adapter queries models and columns by fixed names: a missing one fails sign-in at run time, after the app started fine.",
        fix: `Run check --fix (or npx create-auth init again) to add them, then npx create-auth migrate.${plan.manual.length ? ` By hand: ${plan.manual.join(" ")}` : ""}`,
      },
    ];
  },
  fix(context, plan) {
    const found = ormSetup(context);
    if (found?.detection) found.orm.planSchema(plan, found.detection);
  },
};
