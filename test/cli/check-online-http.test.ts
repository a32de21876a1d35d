import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { ExpressAuth } from "../../runtime/src/express/index.js";
import GitHub from "../../runtime/src/providers/github.js";
import { startOP } from "../../runtime/test/oauth/op.js";
import { edit, project, read, replaceIn, runCheck } from "../support/check-project.js";
import { removeTemporary, runInstalledBin } from "../support/cli.js";
import {
  addKeycloak,
  closedUrl,
  type Listening,
  startJsonServer,
  startSilentServer,
} from "../support/online-servers.js";
import { schemaErrors } from "../support/schemas.js";

const servers: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  removeTemporary();
});
const track = <T extends { close(): Promise<unknown> }>(server: T) => {
  servers.push(server);
  return server;
};

type Found = { rule: string; severity: string; message: string; file?: string; line?: number };
const online = (run: { json?: Record<string, unknown> }) =>
  ((run.json?.findings ?? []) as Found[]).filter((finding) => finding.rule.startsWith("online-"));

describe("check --online: OIDC issuers", () => {
  it("passes an issuer served by a real OpenID provider, printing what it checked", async () => {
    const op = track(await startOP(["http://127.0.0.1/auth/callback/keycloak"]));
    const dir = project("express");
    addKeycloak(dir, op.issuer);
    const run = await runCheck(dir, { online: true, json: false });
    expect(run.stdout).toContain(
      `online: oidc-issuer ${op.issuer} (keycloak) — discovery document OK`,
    );
    expect(run.stdout).not.toContain("online-oidc-issuer");
  });

  it("reports an issuer nothing listens on, with the cause", async () => {
    const dir = project("express");
    const issuer = await closedUrl();
    addKeycloak(dir, issuer);
    const run = await runCheck(dir, { online: true });
    expect(schemaErrors("check", run.json)).toEqual([]);
    expect(run.exitCode).toBe(1);
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-oidc-issuer", severity: "error", file: ".env" });
    expect(finding?.message).toContain(`${issuer}/.well-known/openid-configuration failed`);
    expect(finding?.message).toContain("ECONNREFUSED");
    expect(finding?.line).toBe(
      read(dir, ".env").split("\n").indexOf(`AUTH_KEYCLOAK_ISSUER=${issuer}`) + 1,
    );
  });

  it("reports a discovery document that names another issuer or lacks https endpoints", async () => {
    const wrong = track(
      await startJsonServer(() => ({
        issuer: "https://sso.example.com",
        authorization_endpoint: "https://sso.example.com/authorize",
        token_endpoint: "http://sso.example.com/token",
      })),
    );
    const dir = project("express");
    addKeycloak(dir, wrong.url);
    const [finding] = online(await runCheck(dir, { online: true }));
    expect(finding?.rule).toBe("online-oidc-issuer");
    expect(finding?.message).toContain('names the issuer "https://sso.example.com"');
    expect(finding?.message).toContain("token_endpoint is not https");
    expect(finding?.message).toContain("jwks_uri is missing");
  });

  it("gives up on a server that accepts and never answers: a timeout finding", async () => {
    const silent = track(await startSilentServer());
    const dir = project("express");
    addKeycloak(dir, silent.url);
    const run = await runCheck(dir, { online: true, timeout: "300" });
    const [finding] = online(run);
    expect(finding?.rule).toBe("online-oidc-issuer");
    expect(finding?.message).toContain("no answer within 300 ms (timeout)");
  });

  it("says which OIDC provider it could not check, without a finding of its own", async () => {
    const dir = project("express");
    addKeycloak(dir, "");
    const run = await runCheck(dir, { online: true });
    expect(online(run)).toEqual([]);
    expect(run.json?.online).toContainEqual({
      probe: "oidc-issuer",
      target: "(keycloak)",
      status: "skipped",
      detail: "no issuer (AUTH_KEYCLOAK_ISSUER is not set, and the preset names none): not checked",
    });
  });

  it("points at the issuer written in the configuration", async () => {
    const dir = project("express");
    const issuer = await closedUrl();
    replaceIn("src/auth.ts")(
      dir,
      'import GitHub from "@create-auth/runtime/providers/github";',
      'import GitHub from "@create-auth/runtime/providers/github";\nimport OIDC from "@create-auth/runtime/providers/oidc";',
    );
    replaceIn("src/auth.ts")(
      dir,
      "    GitHub,",
      `    GitHub,\n    OIDC({\n      id: "corp",\n      issuer: "${issuer}",\n      clientId: "app",\n      clientSecret: process.env.CORP_SECRET,\n    }),`,
    );
    const [finding] = online(await runCheck(dir, { online: true }));
    expect(finding).toMatchObject({ rule: "online-oidc-issuer", file: "src/auth.ts" });
    expect(finding?.line).toBe(
      read(dir, "src/auth.ts").split("\n").indexOf(`      issuer: "${issuer}",`) + 1,
    );
    expect(finding?.message).toContain("corp:");
  });
});

describe("check --online: AUTH_URL", () => {
  /** A real Express app with the runtime's ExpressAuth at /auth. */
  async function startApp(): Promise<Listening> {
    const app = express();
    app.use(
      "/auth",
      ExpressAuth({
        providers: [GitHub({ clientId: "app", clientSecret: "secret" })],
        secret: "Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx",
        trustHost: true,
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      connections: () => 0,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it("passes when the app answers the providers' JSON at AUTH_URL", async () => {
    const app = track(await startApp());
    const dir = project("express");
    edit(dir, ".env", (text) => `${text}AUTH_URL=${app.url}/auth\n`);
    const run = await runCheck(dir, { online: true, json: false });
    expect(run.stdout).toContain(
      `online: auth-url ${app.url}/auth/providers — answers with 1 provider (github)`,
    );
    expect(run.stdout).not.toMatch(/online-auth-url/);
  });

  it("is an error when something else answers there (auth not mounted at that path)", async () => {
    const app = track(await startApp());
    const dir = project("express");
    edit(dir, ".env", (text) => `${text}AUTH_URL=${app.url}/api/auth\n`);
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-auth-url", severity: "error", file: ".env" });
    expect(finding?.message).toContain(`${app.url}/api/auth/providers answered 404`);
  });

  it("is a warning when nothing answers (the app is not running); --strict fails on it", async () => {
    const dir = project("express");
    const url = await closedUrl();
    edit(dir, ".env", (text) => `${text}AUTH_URL=${url}\n`);
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-auth-url-down", severity: "warning" });
    expect(finding?.message).toContain(`${url}/auth/providers`);
    expect(finding?.message).toContain("is the app running?");
    expect(run.exitCode).toBe(0);
    expect((await runCheck(dir, { online: true, strict: true })).exitCode).toBe(1);
  });
});

describe("check without --online", () => {
  it("connects nowhere; --online does", async () => {
    const silent = track(await startSilentServer());
    const dir = project("express");
    addKeycloak(dir, silent.url);
    edit(dir, ".env", (text) => `${text}AUTH_URL=${silent.url}\n`);
    const run = await runCheck(dir);
    expect(run.json?.online).toBeNull();
    expect(silent.connections()).toBe(0);
    await runCheck(dir, { online: true, timeout: 200 });
    expect(silent.connections()).toBeGreaterThan(0);
  });

  it("refuses --timeout without --online, and a timeout that is not a number", async () => {
    const dir = project("express");
    expect((await runCheck(dir, { timeout: "100" })).json?.error.message).toContain("add --online");
    expect((await runCheck(dir, { online: true, timeout: "soon" })).json?.error.code).toBe(
      "invalid_flag",
    );
  });

  it("the bins take --online and --timeout", async () => {
    const dir = project("express");
    addKeycloak(dir, await closedUrl());
    for (const name of ["create-auth", "auth"]) {
      const run = runInstalledBin(name, ["check", "--online", "--timeout", "2000", "--cwd", dir]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.stdout).toMatch(/✖ online: oidc-issuer http:\/\/127\.0\.0\.1:\d+ \(keycloak\)/);
      expect(run.stdout).toContain("online-oidc-issuer  .env:");
    }
  });

  it("--rule runs only the probes of the online rules it names, with --online only", async () => {
    const dir = project("express");
    addKeycloak(dir, await closedUrl());
    const down = await closedUrl();
    edit(dir, ".env", (text) => `${text}AUTH_URL=${down}\n`);
    const only = await runCheck(dir, { online: true, rule: "online-auth-url-down" });
    expect(online(only).map((f) => f.rule)).toEqual(["online-auth-url-down"]);
    expect(only.json?.online.map((r: { probe: string }) => r.probe)).toEqual(["auth-url"]);
    const refused = await runCheck(dir, { rule: "online-auth-url-down" });
    expect(refused.json?.error.message).toContain("online rules run with --online only");
  });

  it("lists the online rules, marked", async () => {
    const run = await runCheck(project("express"), { list: true });
    expect(schemaErrors("check", run.json)).toEqual([]);
    expect(run.json?.rules).toContainEqual(
      expect.objectContaining({ id: "online-database-tables", online: true }),
    );
  });
});
