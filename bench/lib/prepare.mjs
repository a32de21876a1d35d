import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Runs npm in `cwd`, showing its output (an install or build is worth seeing). */
function npm(/** @type {string} */ cwd, /** @type {string[]} */ args) {
  console.log(`> (${cwd}) npm ${args.join(" ")}`);
  execFileSync("npm", args, { cwd, stdio: "inherit" });
}

/**
 * Makes `npm run bench` work from a fresh clone: the repository's own dependencies (the
 * runtime resolves `jose`/`oauth4webapi` from there), the bench's (its own lockfile, not a
 * workspace, so `@auth/express` never enters the root install), and the builds it measures.
 * `rebuild` forces the builds, for measuring a change to the sources.
 *
 * @param {string} root the repository root
 * @param {{ needCli: boolean, rebuild: boolean }} options
 */
export function prepare(root, { needCli, rebuild }) {
  const bench = join(root, "bench");
  const install = ["ci", "--prefer-offline", "--no-audit", "--no-fund"];
  if (!existsSync(join(root, "node_modules"))) npm(root, install);
  if (!existsSync(join(bench, "node_modules"))) npm(bench, install);
  if (needCli && (rebuild || !existsSync(join(root, "dist/cli.js")))) {
    npm(root, ["run", "build"]); // builds the runtime too
  } else if (
    rebuild ||
    !["express", "fastify", "hono"].every((entry) =>
      existsSync(join(root, `runtime/dist/${entry}/index.js`)),
    )
  ) {
    npm(root, ["run", "build", "-w", "runtime"]);
  }
}
