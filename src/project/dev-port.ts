import { listenedPort } from "../syntax/app-calls.js";
import { describeReach, reachableSources } from "./import-graph.js";
import type { PackageJson } from "./package-json.js";
import { readText } from "./read-text.js";

/** A dev server port and where it was seen. */
export interface DevPort {
  port: number;
  evidence: string;
}

/** The port `scripts.dev` passes (`--port 4000`, `PORT=4000`), whatever the framework. */
export function portFromScripts(pkg: PackageJson): DevPort | undefined {
  const dev = pkg.scripts?.dev ?? "";
  const flag = /--port[= ](\d+)/.exec(dev) ?? /(?:^|\s)PORT=(\d+)/.exec(dev);
  return flag ? { port: Number(flag[1]), evidence: "scripts.dev" } : undefined;
}

/**
 * The port a Node server listens on, as written in the first of `files` that says:
 * `.listen(3000)`, `PORT ?? 3000`, `port = 3000`; else in the modules they import (relative and
 * tsconfig-`paths` imports, bounded), where an env schema or a config module often holds it:
 * zod's `PORT: z.coerce.number().default(8080)`, envalid's `port({ default: 8080 })`, a
 * config's `port: process.env.PORT || 8080` behind `process.env.PORT || config.port`.
 */
export function listenPort(root: string, files: string[]): DevPort | undefined {
  for (const file of files) {
    const port = listenedPort(readText(root, file), file);
    if (port !== undefined) return { port, evidence: file };
  }
  const reach = reachableSources(root, files);
  // A database's or mail server's module names that service's port, not the app's.
  const otherService = /db|database|redis|mongo|postgres|mysql|sql|smtp|mail|cache|queue/i;
  const imported = reach.files.filter((file) => !files.includes(file));
  for (const file of imported.filter((file) => !otherService.test(file))) {
    const port = listenedPort(readText(root, file), file);
    if (port !== undefined) return { port, evidence: describeReach(reach, file) };
  }
  return undefined;
}
