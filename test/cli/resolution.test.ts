import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { explainResolution } from "../../src/commands/init/explain-resolution.js";
import { resolutionCommand, resolverOf } from "../../src/commands/init/resolve-install.js";
import { copyFixture, removeTemporary, tree } from "../support/cli.js";
import { commit, editPackageJson, initGithub as init } from "../support/install.js";

afterAll(removeTemporary);

/** The folder of a package manager's bin, fetched by npm exec (these machines have none). */
function fetchedBin(pkg: string, bin: string): string {
  return dirname(
    execFileSync("npm", ["exec", "--yes", `--package=${pkg}`, "-c", `command -v ${bin}`])
      .toString()
      .trim(),
  );
}

/** The Express 4 app, declaring `packageManager`, with the given Express range. */
function appUsing(packageManager: string, express = "^4.21.2") {
  const dir = copyFixture("express4-cjs-js");
  editPackageJson(dir, (pkg) => {
    pkg.packageManager = packageManager;
    pkg.dependencies.express = express;
  });
  commit(dir);
  return dir;
}

describe("with pnpm (fetched by npm exec: these machines have no pnpm of their own)", () => {
  let pnpmBin: string;
  beforeAll(() => {
    pnpmBin = fetchedBin("pnpm@9.15.9", "pnpm");
  }, 120_000);
  const pnpmApp = (express: string, extra?: Record<string, string>) => {
    const dir = appUsing("pnpm@9.15.9", express);
    if (extra) {
      editPackageJson(dir, (pkg) => Object.assign(pkg.dependencies, extra));
      commit(dir);
    }
    return dir;
  };
  const withPnpm = () => ({ PATH: `${pnpmBin}${delimiter}${process.env.PATH}` });

  it("resolves in a copy: a missing version is refused and the project gets no lockfile", () => {
    const dir = pnpmApp("^4.21.2");
    const before = tree(dir);
    const run = init(dir, ["--runtime-spec", "9.9.9", "--json"], withPnpm());
    expect(run.exitCode).toBe(1);
    const { error } = JSON.parse(run.stdout);
    expect(error.code).toBe("install_unresolvable");
    expect(["not_found", "no_matching_version"]).toContain(error.details.reason);
    expect(error.details.command).toBe(
      "pnpm add --lockfile-only --ignore-scripts @create-auth/runtime@9.9.9",
    );
    expect(tree(dir)).toEqual(before);
  }, 60_000);

  it("an unmet peer pnpm only warns about is shown before writing, and the install goes on", () => {
    // An optional peer the app pins at a major the runtime does not support (an Express
    // outside the range is refused earlier, by detection).
    const dir = pnpmApp("^4.21.2", { ioredis: "4.28.5" });
    const run = init(dir, ["--runtime-spec", inject("runtimeTarball"), "--json"], withPnpm());
    expect(run.exitCode, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.installed).toBe(true);
    expect(document.resolution.command).toMatch(/^pnpm add --lockfile-only /);
    expect(document.resolution.warnings.join("\n")).toContain("unmet peer ioredis@");
    expect(tree(dir)["pnpm-lock.yaml"]).toContain("@create-auth/runtime");
  }, 120_000);
});

describe("with Yarn 1 (fetched by npm exec)", () => {
  let yarnBin: string;
  beforeAll(() => {
    yarnBin = fetchedBin("yarn@1.22.22", "yarn");
  }, 120_000);
  const withYarn = () => ({ PATH: `${yarnBin}${delimiter}${process.env.PATH}` });

  it("resolves in a copy: a missing version is refused, no yarn.lock or node_modules left", () => {
    const dir = appUsing("yarn@1.22.22");
    const before = tree(dir);
    const run = init(dir, ["--runtime-spec", "9.9.9", "--json"], withYarn());
    expect(run.exitCode).toBe(1);
    const { error } = JSON.parse(run.stdout);
    expect(error.code).toBe("install_unresolvable");
    expect(error.details.command).toMatch(/^yarn add --ignore-scripts /);
    expect(tree(dir)).toEqual(before);
    expect(existsSync(join(dir, "node_modules"))).toBe(false);
  }, 60_000);

  it("a resolvable install is checked, then installed", () => {
    const dir = appUsing("yarn@1.22.22");
    const run = init(dir, ["--runtime-spec", inject("runtimeTarball"), "--json"], withYarn());
    expect(run.exitCode, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.installed).toBe(true);
    expect(document.resolution.command).toMatch(/^yarn add --ignore-scripts /);
    expect(tree(dir)["yarn.lock"]).toContain("@create-auth/runtime");
  }, 120_000);
});

describe("with Yarn 4 (fetched by npm exec)", () => {
  it("resolves in a copy with --mode=update-lockfile: a missing version is refused, named", () => {
    const bin = fetchedBin("@yarnpkg/cli-dist@4.9.1", "yarn");
    const dir = appUsing("yarn@4.9.1");
    writeFileSync(join(dir, ".yarnrc.yml"), "nodeLinker: node-modules\n");
    commit(dir);
    const before = tree(dir);
    const run = init(dir, ["--runtime-spec", "9.9.9", "--json"], {
      PATH: `${bin}${delimiter}${process.env.PATH}`,
    });
    expect(run.exitCode).toBe(1);
    const { error } = JSON.parse(run.stdout);
    expect(error).toMatchObject({
      code: "install_unresolvable",
      details: {
        reason: "not_found",
        command: "yarn add --mode=update-lockfile @create-auth/runtime@9.9.9",
      },
    });
    expect(error.message).toContain("@create-auth/runtime@9.9.9 is not on the registry (404).");
    expect(tree(dir)).toEqual(before);
  }, 120_000);
});

describe("each package manager resolves in its own way", () => {
  it.each([
    ["npm", "npm install --dry-run --no-audit --no-fund --ignore-scripts -- a b@1", true],
    ["pnpm", "pnpm add --lockfile-only --ignore-scripts a b@1", false],
    ["yarn-berry", "yarn add --mode=update-lockfile a b@1", false],
    ["yarn-classic", "yarn add --ignore-scripts --non-interactive --no-progress a b@1", false],
    ["bun", "bun add --lockfile-only --ignore-scripts a b@1", false],
  ] as const)("%s: %s", (resolver, argv, inPlace) => {
    const command = resolutionCommand(resolver, ["a", "b@1"]);
    expect([command.command, ...command.args].join(" ")).toBe(argv);
    expect(command.inPlace).toBe(inPlace);
  });

  it("tells Yarn 1 from Yarn 2+ by packageManager, else by .yarnrc.yml", () => {
    const dir = copyFixture("express4-cjs-js", false);
    expect(resolverOf("yarn", dir, [{ packageManager: "yarn@1.22.22" }])).toBe("yarn-classic");
    expect(resolverOf("yarn", dir, [{}, { packageManager: "yarn@4.9.1" }])).toBe("yarn-berry");
    expect(resolverOf("yarn", dir, [{}])).toBe("yarn-classic");
    writeFileSync(join(dir, ".yarnrc.yml"), "nodeLinker: node-modules\n");
    expect(resolverOf("yarn", dir, [{}])).toBe("yarn-berry");
  });

  it("reads pnpm's not-found report", () => {
    // pnpm 9.15.9's output for a package the registry does not have.
    const output = [
      "Progress: resolved 1, reused 0, downloaded 0, added 0",
      " ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/@create-auth%2Fruntime: Not Found - 404",
      "",
      "This error happened while installing a direct dependency of /tmp/create-auth-resolve-M1JBIE",
      "",
      "@create-auth/runtime is not in the npm registry, or you have no permission to fetch it.",
    ].join("\n");
    expect(explainResolution(output, ["@create-auth/runtime@9.9.9"])).toMatchObject({
      reason: "not_found",
      message: "@create-auth/runtime is not on the registry (404).",
    });
  });

  it("reads npm's version-not-found report", () => {
    const output = [
      "npm error code ETARGET",
      "npm error notarget No matching version found for express@99.0.0.",
    ].join("\n");
    expect(explainResolution(output, ["express@99.0.0"])).toMatchObject({
      reason: "no_matching_version",
      message: "The registry has no version matching express@99.0.0.",
    });
  });

  it("names the conflict; only init, which chooses the runtime's release, offers --runtime-spec", () => {
    // npm 11's report (shortened): the app's mail plugin wants nodemailer 6, the runtime newer.
    const output = [
      "npm error code ERESOLVE",
      "npm error ERESOLVE could not resolve",
      "npm error",
      "npm error While resolving: @create-auth/runtime@0.1.0",
      "npm error Found: nodemailer@6.10.1",
      "npm error node_modules/nodemailer",
      'npm error   peer nodemailer@"^6.9.0" from mailer-plugin@1.0.0',
      "npm error",
      "npm error Could not resolve dependency:",
      'npm error peerOptional nodemailer@"^7.0.0 || ^10.0.0" from @create-auth/runtime@0.1.0',
      "npm error node_modules/@create-auth/runtime",
    ].join("\n");
    const conflict = {
      package: "nodemailer",
      wanted: "^7.0.0 || ^10.0.0",
      by: "@create-auth/runtime@0.1.0",
      found: "6.10.1",
    };
    const forInit = explainResolution(output, ["@create-auth/runtime@^0.1.0"]);
    expect(forInit).toMatchObject({ reason: "peer_conflict", conflict });
    expect(forInit.fix).toContain('npm install nodemailer@"^10.0.0"');
    expect(forInit.fix).toContain("(--runtime-spec)");
    const forAddProvider = explainResolution(output, ["nodemailer"], "add-provider");
    expect(forAddProvider).toMatchObject({ reason: "peer_conflict", conflict });
    expect(forAddProvider.fix).toContain('npm install nodemailer@"^10.0.0"');
    expect(forAddProvider.fix).not.toContain("--runtime-spec");
  });
});
