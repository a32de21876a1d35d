import semver from "semver";
import { frameworkById } from "../../frameworks/registry.js";
import type { Rule, Severity } from "../types.js";

/** The first Node that can `require()` an ES module without a flag. */
const REQUIRE_ESM = "20.19.0";

/**
 * An `engines.node` that admits too old a Node is a promise to others (CI, a host, a colleague):
 * on a Node that runs the runtime (`node`, this machine's) it is a warning; on one that does not,
 * the error the app is about to hit.
 */
export function engineSeverity(node: string): Severity {
  return semver.gte(node, REQUIRE_ESM) ? "warning" : "error";
}

export const cjsNodeVersion: Rule = {
  id: "cjs-node-version",
  severity: "error",
  summary: "A CommonJS app whose `engines.node` allows Node older than 20.19.",
  check(context) {
    const commonJs = frameworkById(context.framework.framework).commonJs;
    if (context.pkg.type === "module" || !commonJs) return [];
    const engines = (context.pkg as { engines?: { node?: string } }).engines?.node;
    // Any Node the range admits below 20.19 (`*`, `<=22`, `>=18`) is one the app may start on;
    // a range semver cannot read is not judged.
    if (!engines || !semver.validRange(engines)) return [];
    if (!semver.intersects(engines, `<${REQUIRE_ESM}`)) return [];
    const here = process.versions.node;
    return [
      {
        severity: engineSeverity(here),
        file: "package.json",
        message: `engines.node is "${engines}", but the runtime supports Node 20.19 or later only (this machine runs ${here}${engineSeverity(here) === "warning" ? ", which runs it" : ""}).`,
        why: "Node 20.19 is the first that require()s an ES module: older Node falls back to the runtime's CommonJS build (meant for Jest), which is not supported there and needs Web APIs older Node lacks.",
        fix: 'Set "engines": { "node": ">=20.19" } and run Node 20.19 or later (or make the app an ES module).',
      },
    ];
  },
};
