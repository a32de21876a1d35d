import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// Which majors of the optional peers a run loads: the runtime project loads the oldest the
// range admits, the runtime-peers project (vitest.config.ts, aliases) the newest, so both ends of
// each range are proved in CI, and a range that no longer admits the newest major fails here.

const require = createRequire(import.meta.url);
const runtime = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const newest = process.env.PEERS === "newest";

/** The version of the installed package `name` (an npm alias too), from its package.json. */
function installedVersion(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, "package.json")) || !readPackage(dir).version) dir = dirname(dir);
  return readPackage(dir).version!;
}
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string };

const peers = [
  { name: "@simplewebauthn/server", newestAs: "@simplewebauthn/server14" },
  { name: "ioredis", newestAs: "ioredis6" },
];

describe.each(peers)("$name", ({ name, newestAs }) => {
  it(`the ${newest ? "newest" : "oldest"} major its peer range admits is the one loaded`, async () => {
    // The runtime imports the peer by its own name: whether that name reaches the newer copy
    // is what the project's alias decides.
    const loaded = await import(name);
    const newer = await import(newestAs);
    expect(loaded === newer).toBe(newest);
    const version = installedVersion(newest ? newestAs : name);
    const majors = String(runtime.peerDependencies[name])
      .split("||")
      .map((range) => Number(/\d+/.exec(range)![0]));
    expect(Number(version.split(".")[0])).toBe(newest ? Math.max(...majors) : Math.min(...majors));
  });
});

describe("the peer ranges against the registry", () => {
  // Only once (the runtime project): a new major of any optional peer must be admitted (and then
  // tested), or a user who installs the latest gets a peer conflict.
  it.skipIf(newest)(
    "admit the newest release of every optional peer",
    async () => {
      const { execFileSync } = await import("node:child_process");
      const semver = await import("semver");
      const outside: string[] = [];
      for (const [name, range] of Object.entries(
        runtime.peerDependencies as Record<string, string>,
      )) {
        const latest = execFileSync("npm", ["view", name, "version"], {
          encoding: "utf8",
          timeout: 30_000,
        }).trim();
        if (!semver.satisfies(latest, range))
          outside.push(`${name}@${latest} is outside "${range}"`);
      }
      expect(outside).toEqual([]);
    },
    120_000,
  );
});
