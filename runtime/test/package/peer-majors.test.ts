import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { express4Name, express5Name, expressVersion } from "../express/app.js";

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
  { name: "nodemailer", newestAs: "nodemailer10" },
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

const peerRanges = Object.entries(runtime.peerDependencies as Record<string, string>);
const devDependencies = runtime.devDependencies as Record<string, string>;

/** The versions of `name` the suites can load: the devDependency itself and its npm aliases. */
function testedVersions(name: string): string[] {
  return Object.entries(devDependencies)
    .filter(([key, spec]) => key === name || spec.startsWith(`npm:${name}@`))
    .map(([key]) => installedVersion(key))
    .sort(semver.compare);
}

/** `4.16` for 4.x, `0.5` for 0.x: the unit a release may break in (semver's caret). */
const line = (version: string) =>
  semver.major(version) === 0 ? `0.${semver.minor(version)}` : String(semver.major(version));

describe.each(peerRanges)("the peer range of %s (%s)", (name, range) => {
  const tested = testedVersions(name);

  it("admits every copy the tests load", () => {
    expect(tested.length).toBeGreaterThan(0);
    expect(tested.filter((version) => !semver.satisfies(version, range))).toEqual([]);
  });

  it("starts at the major (0.x: the minor) of the oldest copy tested", () => {
    expect(line(semver.minVersion(range)!.version)).toBe(line(tested[0]!));
  });

  it("ends at the major (0.x: the minor) of the newest copy tested", () => {
    const newestTested = tested.at(-1)!;
    const next =
      semver.major(newestTested) === 0
        ? `0.${semver.minor(newestTested) + 1}.0`
        : `${semver.major(newestTested) + 1}.0.0`;
    expect(semver.gtr(next, range)).toBe(true);
  });
});

describe("express", () => {
  // Apps made by express-generator 4 pin `~4.16.1`: the range admits them because the Express
  // suites run on 4.16 (the runtime project) as well as on the newest 4.x.
  const parts = semver.validRange(runtime.peerDependencies.express)!.split("||");
  it.each([
    ["4", express4Name],
    ["5", express5Name],
  ])(`loads the ${newest ? "newest tested" : "oldest admitted"} %s.x`, (major, name) => {
    const loaded = expressVersion(name);
    const lowest = semver.minVersion(
      parts.find((part) => semver.minVersion(part)!.major === Number(major))!,
    )!;
    const copies = testedVersions("express").filter(
      (version) => semver.major(version) === Number(major),
    );
    expect(semver.major(loaded)).toBe(Number(major));
    if (newest) expect(loaded).toBe(copies.at(-1));
    else
      expect(`${semver.major(loaded)}.${semver.minor(loaded)}`).toBe(
        `${lowest.major}.${lowest.minor}`,
      );
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
