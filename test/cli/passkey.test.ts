import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AddProviderOptions, addProvider } from "../../src/commands/add-provider.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

function runAdd(id: string, options: Partial<AddProviderOptions> & { cwd: string }) {
  return runCommand((io) => addProvider(id, { yes: true, install: false, ...options }, io), {
    json: options.json ?? true,
    yes: true,
  });
}

const withAdapter = (extra = "") =>
  `import GitHub from "@create-auth/runtime/providers/github";
import { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres";

export const authConfig = {
  providers: [
    GitHub,
  ],
  adapter: postgresAdapter(embeddedDatabase()),${extra}
};
`;

describe("init with passkeys", () => {
  it("generates Passkey(), a database adapter and the experimental flag, and installs the peer", async () => {
    const dir = copyFixture("express5-ts-split");
    const dry = await runInit({ cwd: dir, providers: "passkey", dryRun: true, json: true });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.json!.plan.install.packages).toContain("@simplewebauthn/server");
    expect(schemaErrors("init", dry.json)).toEqual([]);

    const run = await runInit({ cwd: dir, providers: "passkey", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const config = read(dir, "src/auth.ts");
    expect(config).toMatch(/^import Passkey from "@create-auth\/runtime\/providers\/passkey";$/m);
    expect(config).toMatch(/^ {4}Passkey\(\),$/m);
    expect(config).toContain("adapter: postgresAdapter(embeddedDatabase()),");
    expect(config).toMatch(/^ {2}experimental: \{ enableWebAuthn: true \},$/m);
    // Passkeys have no client id or secret: no provider keys in the env file.
    expect(read(dir, ".env")).not.toMatch(/AUTH_PASSKEY/);
  });

  it("refuses passkeys without a database, naming the flag", async () => {
    const dir = copyFixture("express5-ts-split");
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "passkey", database: "none", json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("passkeys");
    expect(run.json?.error.message).toContain("--database embedded");
    expect(tree(dir)).toEqual(before);
  });

  it("leaves other providers' configurations without the flag", async () => {
    const dir = copyFixture("express5-ts-split");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    expect(read(dir, "src/auth.ts")).not.toContain("experimental");
  });
});

describe("add-provider passkey", () => {
  function project(config: string) {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, "src/auth.ts"), config);
    return dir;
  }

  it("adds the import, Passkey() and experimental.enableWebAuthn once", async () => {
    const dir = project(withAdapter());
    const run = await runAdd("passkey", { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("add-provider", run.json)).toEqual([]);
    expect(read(dir, "src/auth.ts")).toBe(
      `import GitHub from "@create-auth/runtime/providers/github";
import { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres";
import Passkey from "@create-auth/runtime/providers/passkey";

export const authConfig = {
  providers: [
    GitHub,
    Passkey(),
  ],
  experimental: { enableWebAuthn: true },
  adapter: postgresAdapter(embeddedDatabase()),
};
`,
    );
    expect(run.json?.callbackUrl).toBeNull();
    expect(run.json?.fillIn).toEqual([]);
    const before = tree(dir);
    expect((await runAdd("passkey", { cwd: dir })).json?.plan.files).toEqual([]);
    expect(tree(dir)).toEqual(before);
  });

  it("adds the flag inside an existing experimental object, and keeps one that is already on", async () => {
    const dir = project(withAdapter("\n  experimental: {},"));
    expect((await runAdd("passkey", { cwd: dir })).exitCode).toBe(0);
    expect(read(dir, "src/auth.ts")).toContain("experimental: { enableWebAuthn: true },");
    expect(read(dir, "src/auth.ts").match(/experimental/g)).toHaveLength(1);

    const on = project(withAdapter("\n  experimental: { enableWebAuthn: true },"));
    expect((await runAdd("passkey", { cwd: on })).exitCode).toBe(0);
    expect(read(on, "src/auth.ts").match(/enableWebAuthn/g)).toHaveLength(1);
  });

  it("prints the flag as a manual step when experimental is not an object it can edit", async () => {
    const dir = project(withAdapter("\n  experimental: flags,"));
    const run = await runAdd("passkey", { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(read(dir, "src/auth.ts")).toContain("Passkey(),");
    expect(read(dir, "src/auth.ts")).toContain("experimental: flags,");
    expect(run.json?.plan.manual.join("\n")).toContain("experimental: { enableWebAuthn: true }");
  });

  it("plans to install @simplewebauthn/server", async () => {
    const dir = project(withAdapter());
    const run = await runAdd("passkey", { cwd: dir, install: true, dryRun: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json?.plan.install.packages).toEqual(["@simplewebauthn/server"]);
  });

  it("refuses passkeys without a database adapter, explaining why", async () => {
    const dir = project(
      `import GitHub from "@create-auth/runtime/providers/github";\nexport const authConfig = { providers: [GitHub] };\n`,
    );
    const before = tree(dir);
    const run = await runAdd("passkey", { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("Passkeys are stored in a database");
    expect(tree(dir)).toEqual(before);
  });
});
