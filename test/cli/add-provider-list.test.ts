import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { providers } from "../../src/catalog/providers.js";
import { copyFixture, removeTemporary, runBin } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

// The built bin, as a user runs it: `npm run build` first.
const empty = mkdtempSync(join(tmpdir(), "cli-no-project-"));
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  removeTemporary();
});

type Row = { id: string; name: string; callbackUrl: string | null; configured: boolean | null };
const list = (args: string[], cwd = empty) => {
  const run = runBin(["add-provider", "--list", ...args, "--json"], { cwd });
  return { ...run, json: JSON.parse(run.stdout) as Record<string, unknown> & { providers: Row[] } };
};

describe("add-provider --list", () => {
  it("searches ids and names without regard to case, with the callback URL format outside a project", () => {
    const run = list(["GIT"]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("add-provider-list", run.json)).toEqual([]);
    const ids = run.json.providers.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(["github", "gitlab"]));
    for (const row of run.json.providers) expect(`${row.id} ${row.name}`).toMatch(/git/i);
    // Every provider whose id or name has "git" (Bitbucket too, once the catalogue has it).
    expect(ids).toEqual(providers.filter((p) => /git/i.test(`${p.id} ${p.name}`)).map((p) => p.id));
    expect(run.json.project).toBeNull();
    expect(run.json.providers[0]).toMatchObject({
      id: "github",
      kind: "oauth",
      needsIssuer: false,
      console: "https://github.com/settings/developers",
      callbackUrl: "<origin><mount>/callback/github",
      env: ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
      configured: null,
    });
  });

  it("matches names too, and says which providers need an issuer", () => {
    expect(list(["entra"]).json.providers.map((row) => row.id)).toEqual(["microsoft-entra-id"]);
    expect(list(["magic"]).json.providers.map((row) => row.id)).toEqual(["email"]);
    const text = runBin(["add-provider", "--list", "keycloak"], { cwd: empty });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("1 of");
    expect(text.stdout).toMatch(
      /keycloak {2}Keycloak \(OpenID Connect, needs AUTH_KEYCLOAK_ISSUER\)/,
    );
    expect(text.stdout).toContain("callback: <origin><mount>/callback/keycloak");
  });

  it("in a project with auth: the whole catalogue with this project's callback URLs", () => {
    const dir = copyFixture("check-express");
    const run = list([], dir);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("add-provider-list", run.json)).toEqual([]);
    expect(run.json.total).toBe(providers.length);
    expect(run.json.providers).toHaveLength(providers.length);
    expect(run.json.project).toEqual({
      config: "src/auth.ts:6",
      callbackBase: "http://localhost:3001/auth/callback/",
    });
    const github = run.json.providers.find((row) => row.id === "github");
    expect(github).toMatchObject({
      callbackUrl: "http://localhost:3001/auth/callback/github",
      configured: true,
    });
    const credentials = run.json.providers.find((row) => row.id === "credentials");
    expect(credentials).toMatchObject({ callbackUrl: null, console: null });
    const text = runBin(["add-provider", "--list", "gitlab"], { cwd: dir });
    expect(text.stdout).toContain("Callback URLs for the set-up in src/auth.ts:6");
    expect(text.stdout).toContain("callback: http://localhost:3001/auth/callback/gitlab");
  });

  it("says clearly when nothing matches (exit 0), with the closest ids", () => {
    const none = runBin(["add-provider", "--list", "zzzz"], { cwd: empty });
    expect(none.exitCode).toBe(0);
    expect(none.stderr).toContain(`No provider matches "zzzz" (searched ${providers.length} ids`);
    expect(none.stdout).toBe("");
    const close = list(["githb"]);
    expect(close.exitCode).toBe(0);
    expect(schemaErrors("add-provider-list", close.json)).toEqual([]);
    expect(close.json.providers).toEqual([]);
    expect(close.json.suggestions).toContain("github");
  });

  it("refuses flags that add a provider, and an add without an id (exit 1, JSON errors)", () => {
    const flags = runBin(["add-provider", "--list", "--issuer", "https://x.example", "--json"], {
      cwd: empty,
    });
    expect(flags.exitCode).toBe(1);
    const error = JSON.parse(flags.stdout);
    expect(schemaErrors("error", error)).toEqual([]);
    expect(error.error.code).toBe("invalid_flag");
    expect(error.error.message).toContain("--issuer belong to adding a provider");
    const noId = runBin(["add-provider", "--json"], { cwd: empty });
    expect(noId.exitCode).toBe(1);
    expect(JSON.parse(noId.stdout).error).toMatchObject({ code: "missing_answer" });
  });
});
