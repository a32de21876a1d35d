import semver from "semver";
import { frameworkById } from "../../frameworks/registry.js";
import type { Rule } from "../types.js";

/** The first Node that can `require()` an ES module without a flag. */
const REQUIRE_ESM = "20.19.0";

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
    return [
      {
        file: "package.json",
        message: `engines.node is "${engines}", but a CommonJS app can require() the runtime (an ES module) only from Node 20.19.`,
        why: 'On older Node, require("@create-auth/runtime/express") throws ERR_REQUIRE_ESM at start-up.',
        fix: 'Set "engines": { "node": ">=20.19" } and run Node 20.19 or later (or make the app an ES module).',
      },
    ];
  },
};
