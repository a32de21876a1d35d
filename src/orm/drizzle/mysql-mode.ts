import type { PlanBuilder } from "../../plan/change-set.js";
import { parse } from "../../syntax/parse.js";
import { detectStyle, quoted } from "../../syntax/source-style.js";
import { insertAt } from "../../syntax/text-edit.js";
import { Node } from "../../syntax/ts-morph.js";
import { callsOneOf } from "../client-export.js";
import type { DrizzleDetection } from "./detect.js";

/**
 * `mode: "default"` beside the `schema` of a mysql2 `drizzle({ …, schema })` that has none.
 * drizzle-orm requires a mode once the schema holds tables: its types reject the call (TS2345)
 * and it throws when the client is made. A schema without tables, as create-better-t-stack
 * generates it, passed both checks until the auth tables joined it. "default" is MySQL's and
 * MariaDB's; PlanetScale's driver is another module.
 */
export function planMysqlMode(plan: PlanBuilder, detection: DrizzleDetection): void {
  const file = detection.client?.file;
  if (detection.info.driver !== "drizzle-orm/mysql2" || !file) return;
  plan.edit(file, "drizzle-orm needs a mode with a schema on MySQL", (text) => {
    const source = parse(text, file);
    const at: number[] = [];
    source.forEachDescendant((node) => {
      if (!Node.isCallExpression(node) || !callsOneOf(node, ["drizzle"])) return;
      for (const arg of node.getArguments()) {
        if (!Node.isObjectLiteralExpression(arg) || arg.getProperty("mode")) continue;
        const schema = arg.getProperty("schema");
        if (schema) at.push(schema.getEnd());
      }
    });
    const mode = `, mode: ${quoted("default", detectStyle(text))}`;
    return at.reduceRight((edited, position) => insertAt(edited, position, mode), text);
  });
}
