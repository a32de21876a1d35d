import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, removeTemporary, runInit, tree } from "../support/cli.js";

// A Yarn Berry project installed with Plug'n'Play has a .pnp.cjs and no node_modules: init
// refuses it before writing anything, names what it found and the one-line change that makes
// it a node_modules project.

afterAll(removeTemporary);

/** Yarn 4 with Plug'n'Play, as `yarn install` leaves it (the loader's body does not matter). */
function plugAndPlay(dir: string, linker: string | undefined) {
  writeFileSync(join(dir, ".pnp.cjs"), "#!/usr/bin/env node\n/* Yarn Plug'n'Play loader */\n");
  writeFileSync(join(dir, ".pnp.loader.mjs"), "export {};\n");
  writeFileSync(join(dir, "yarn.lock"), "__metadata:\n  version: 8\n");
  if (linker !== undefined) writeFileSync(join(dir, ".yarnrc.yml"), `nodeLinker: ${linker}\n`);
}

describe("a Yarn Plug'n'Play project", () => {
  it.each([
    ["pnp", "nodeLinker: pnp in .yarnrc.yml"],
    [undefined, "Yarn Plug'n'Play found (.pnp.cjs)"],
  ])("(nodeLinker %s) is refused by init before anything is written", async (linker, found) => {
    const dir = copyFixture("express4-cjs-js");
    plugAndPlay(dir, linker);
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "credentials", yes: true, json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error).toMatchObject({ code: "plug_and_play" });
    const message = (run.json!.error as { message: string }).message;
    expect(message).toContain(found);
    expect(message).toContain(".pnp.cjs");
    expect(message).toContain('Add "nodeLinker: node-modules" to .yarnrc.yml, run yarn install');
    expect(tree(dir)).toEqual(before);
  });

  it("at the workspace root is found from the app's folder", async () => {
    const root = copyFixture("express4-cjs-js");
    const app = join(root, "packages/api");
    mkdirSync(app, { recursive: true });
    for (const entry of ["package.json", "src"]) renameSync(join(root, entry), join(app, entry));
    writeFileSync(
      join(root, "package.json"),
      JSON.stringify({ name: "root", private: true, workspaces: ["packages/*"] }),
    );
    plugAndPlay(root, "pnp");
    const before = tree(root);
    const run = await runInit({ cwd: app, providers: "credentials", yes: true, json: true });
    expect(run.json!.error).toMatchObject({ code: "plug_and_play" });
    expect((run.json!.error as { message: string }).message).toContain(
      "Yarn Plug'n'Play found (../../.pnp.cjs, nodeLinker: pnp in ../../.yarnrc.yml): create-auth reads the installed packages from node_modules and the app imports the runtime from there, which Plug'n'Play does not create. Nothing was changed. Add \"nodeLinker: node-modules\" to ../../.yarnrc.yml",
    );
    expect(tree(root)).toEqual(before);
  });

  it("is not refused once .yarnrc.yml asks for node_modules (a stale .pnp.cjs left behind)", async () => {
    const dir = copyFixture("express4-cjs-js");
    plugAndPlay(dir, "node-modules");
    const run = await runInit({ cwd: dir, providers: "credentials", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
  });
});
