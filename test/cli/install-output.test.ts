import { afterAll, describe, expect, inject, it } from "vitest";
import { copyFixture, removeTemporary, runBin } from "../support/cli.js";
import { appWithFailingBuild, npmEnv } from "../support/install.js";
import { runInTerminal } from "../support/terminal.js";

afterAll(removeTemporary);

const flags = (tarball: string) => [
  "init",
  "--providers",
  "credentials",
  "--demo",
  "--yes",
  "--runtime-spec",
  tarball,
];

describe("the install step's output", () => {
  it("in a terminal: a spinner, npm's own output hidden, the next steps after it", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = runInTerminal(flags(inject("runtimeTarball")), {
      cwd: dir,
      env: npmEnv,
    });
    const { exitCode, screen } = await run.result();
    expect(exitCode, screen).toBe(0);
    expect(screen).toContain("Installing the dependencies with npm");
    expect(screen).toContain("Installed the dependencies.");
    // npm's summary ("added 70 packages, and audited 71 packages in 3s") stays hidden.
    expect(screen).not.toMatch(/added \d+ packages?/);
    expect(screen).toContain("Next steps");
    expect(screen).toContain("Start the app: npm start");
  }, 120_000);

  it("in a terminal, a failed install shows what npm printed and still the next steps", async () => {
    const dir = appWithFailingBuild();
    const tarball = inject("runtimeTarball");
    const run = runInTerminal([...flags(tarball), "--keep-on-install-failure"], {
      cwd: dir,
      env: npmEnv,
    });
    const { exitCode, screen } = await run.result();
    expect(exitCode, screen).toBe(2);
    expect(screen).toContain("npm failed");
    expect(screen).toContain("gyp ERR! build error");
    expect(screen).toContain("Next steps");
    expect(screen).toContain(`1. Install the dependencies: npm install -- ${tarball}`);
    expect(screen).toContain("Start the app: npm start");
  }, 120_000);

  it("without a terminal: no spinner, no escape codes, npm's output only when it fails", () => {
    const dir = appWithFailingBuild();
    const tarball = inject("runtimeTarball");
    const run = runBin([...flags(tarball), "--cwd", dir, "--keep-on-install-failure"], {
      env: npmEnv,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stdout + run.stderr).not.toContain("\u001b[");
    expect(run.stdout).toContain("Installing the dependencies with npm");
    expect(run.stderr).toContain("gyp ERR! build error");
    expect(run.stdout).toContain(`1. Install the dependencies: npm install -- ${tarball}`);

    const ok = copyFixture("express4-cjs-js");
    const installed = runBin([...flags(tarball), "--cwd", ok], { env: npmEnv });
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(installed.stdout + installed.stderr).not.toContain("\u001b[");
    expect(installed.stdout).not.toMatch(/added \d+ packages?/);
    expect(installed.stdout).toContain("Installed the dependencies.");
  }, 180_000);
});
