import { join } from "node:path";
import { cachedModules } from "./fixture-modules.js";

const repository = new URL("../../", import.meta.url).pathname;

/**
 * A node_modules holding SolidStart `major` and everything its types need, plus this repository's
 * runtime, for typechecking generated SolidStart code. Installed from the runtime's e2e fixture
 * lockfile (the same versions the e2e tests run) into `.tmp/solid-modules/`, once: later runs
 * reuse it until the lockfile changes. The first install takes 20-45 s from a warm npm cache.
 */
export function solidStartModules(major: 1 | 2): string {
  const fixture = join(repository, `runtime/test/fixtures/solid-start-${major}`);
  return cachedModules({
    folder: "solid-modules",
    name: String(major),
    manifest: join(fixture, "package.json"),
    lockfile: join(fixture, "package-lock.json"),
    omit: "dev",
  });
}
