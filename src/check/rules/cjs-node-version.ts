import { frameworkById } from "../../frameworks/registry.js";
import type { Rule } from "../types.js";

/** The lowest Node major.minor a range admits (`>=18`, `^18.17.0`, `18.x || 20.x`). */
function lowest(range: string): [number, number] | undefined {
  const versions = [...range.matchAll(/(\d+)(?:\.(\d+|x))?/g)].map(
    (m) => [Number(m[1]), m[2] && m[2] !== "x" ? Number(m[2]) : 0] as [number, number],
  );
  return versions.sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
}

export const cjsNodeVersion: Rule = {
  id: "cjs-node-version",
  severity: "error",
  summary: "A CommonJS app whose `engines.node` allows Node older than 20.19.",
  check(context) {
    const commonJs = frameworkById(context.framework.framework).commonJs;
    if (context.pkg.type === "module" || !commonJs) return [];
    const engines = (context.pkg as { engines?: { node?: string } }).engines?.node;
    const min = engines ? lowest(engines) : undefined;
    if (!min || min[0] > 20 || (min[0] === 20 && min[1] >= 19)) return [];
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
