import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedOP, startOP } from "../../runtime/test/oauth/op.js";
import { type AddProviderOptions, addProvider } from "../../src/commands/add-provider.js";
import { copyFixture, removeTemporary, runCommand, tree } from "../support/cli.js";
import {
  closedUrl,
  type Listening,
  startHttpServer,
  startJsonServer,
  startSilentServer,
} from "../support/online-servers.js";
import { schemaErrors } from "../support/schemas.js";

// `add-provider oidc --issuer …` reads the issuer's discovery document before writing anything:
// a real OpenID provider (oidc-provider) passes; local servers serve the ways a document goes wrong.
const closing: { close(): Promise<unknown> }[] = [];
const track = <T extends { close(): Promise<unknown> }>(server: T) => {
  closing.push(server);
  return server;
};
let op: StartedOP;
beforeAll(async () => {
  op = track(await startOP(["http://localhost:3001/auth/callback/corp"]));
});
afterAll(async () => {
  for (const server of closing) await server.close();
  removeTemporary();
});

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

function runAdd(id: string, options: Partial<AddProviderOptions> & { cwd: string }) {
  return runCommand((io) => addProvider(id, { yes: true, install: false, ...options }, io), {
    json: options.json ?? true,
    yes: true,
  });
}

/** A discovery document the runtime accepts, for the issuer at `origin`, with `changes` applied. */
function document(changes: Record<string, unknown> = {}) {
  return (origin: string) => ({
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    jwks_uri: `${origin}/jwks`,
    response_types_supported: ["code"],
    id_token_signing_alg_values_supported: ["RS256"],
    code_challenge_methods_supported: ["S256"],
    ...changes,
  });
}

describe("add-provider oidc --issuer: a real OpenID provider", () => {
  it("checks its discovery document, then writes OIDC({ id, name }) and AUTH_<ID>_ID/_SECRET/_ISSUER", async () => {
    const dir = copyFixture("check-express");
    const run = await runAdd("oidc", {
      cwd: dir,
      id: "corp",
      name: 'Corp "SSO"',
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecretStdin: true,
      readStdin: async () => `${op.clientSecret}\n`,
    });
    expect(run.exitCode, JSON.stringify(run.json)).toBe(0);
    expect(schemaErrors("add-provider", run.json)).toEqual([]);
    expect(run.json?.discovery).toEqual({
      issuer: op.issuer,
      url: `${op.issuer}/.well-known/openid-configuration`,
      status: "ok",
    });
    const config = read(dir, "src/auth.ts");
    expect(config).toContain('import OIDC from "@create-auth/runtime/providers/oidc";');
    expect(config).toContain('OIDC({ id: "corp", name: "Corp \\"SSO\\"" })');
    const env = read(dir, ".env");
    expect(env).toMatch(new RegExp(`^AUTH_CORP_ID=${op.clientId}$`, "m"));
    expect(env).toMatch(new RegExp(`^AUTH_CORP_SECRET=${op.clientSecret}$`, "m"));
    expect(env).toContain(`\nAUTH_CORP_ISSUER=${op.issuer}\n`);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_CORP_ISSUER=$/m);
    expect(run.json?.callbackUrl).toBe("http://localhost:3001/auth/callback/corp");
  });

  it("checks a preset's issuer too (Keycloak), and says so in text", async () => {
    const dir = copyFixture("check-express");
    const run = await runAdd("keycloak", { cwd: dir, issuer: op.issuer, json: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Issuer: ${op.issuer} (discovery document OK)`);
    expect(read(dir, ".env")).toContain(`AUTH_KEYCLOAK_ISSUER=${op.issuer}\n`);
  });

  it("refuses the same issuer written with a trailing slash (compared exactly)", async () => {
    const dir = copyFixture("check-express");
    const before = tree(dir);
    const run = await runAdd("oidc", { cwd: dir, id: "corp", issuer: `${op.issuer}/` });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code, run.json?.error.message).toBe("invalid_issuer");
    expect(run.json?.error.message).toContain(
      `names the issuer "${op.issuer}", not the configured "${op.issuer}/"`,
    );
    expect(tree(dir)).toEqual(before);
  });
});

/** Each way an issuer goes wrong: what it serves, and what the message must name. */
const broken: {
  name: string;
  start: () => Promise<Listening>;
  code: string;
  says: (url: string) => string[];
  timeout?: string;
}[] = [
  {
    name: "another issuer",
    start: () => startJsonServer(document({ issuer: "https://sso.example.com" })),
    code: "invalid_issuer",
    says: (url) => [`names the issuer "https://sso.example.com", not the configured "${url}"`],
  },
  {
    name: "no jwks_uri",
    start: () => startJsonServer(document({ jwks_uri: undefined })),
    code: "invalid_issuer",
    says: () => ["jwks_uri is missing"],
  },
  {
    name: "an http endpoint off this machine",
    start: () => startJsonServer(document({ token_endpoint: "http://sso.example.com/token" })),
    code: "invalid_issuer",
    says: () => ["token_endpoint is not https (http://sso.example.com/token)"],
  },
  {
    name: "unsigned ID tokens only (alg none)",
    start: () => startJsonServer(document({ id_token_signing_alg_values_supported: ["none"] })),
    code: "invalid_issuer",
    says: () => ['id_token_signing_alg_values_supported offers only ["none"]'],
  },
  {
    name: "ID tokens signed with the client secret only (HS256)",
    start: () =>
      startJsonServer(document({ id_token_signing_alg_values_supported: ["HS256", "none"] })),
    code: "invalid_issuer",
    says: () => ['offers only ["HS256","none"]', "not none, nor HS*"],
  },
  {
    name: "no code flow",
    start: () => startJsonServer(document({ response_types_supported: ["id_token"] })),
    code: "invalid_issuer",
    says: () => ['response_types_supported ["id_token"] lacks "code"'],
  },
  {
    name: "PKCE without S256",
    start: () => startJsonServer(document({ code_challenge_methods_supported: ["plain"] })),
    code: "invalid_issuer",
    says: () => ['code_challenge_methods_supported ["plain"] lacks "S256"'],
  },
  {
    name: "not JSON (an HTML page)",
    start: () =>
      startHttpServer((_request, response) => {
        response.setHeader("content-type", "text/html");
        response.end("<!doctype html><title>Sign in</title>");
      }),
    code: "invalid_issuer",
    says: (url) => [
      `has no discovery document: GET ${url}/.well-known/openid-configuration answered 200 (text/html)`,
    ],
  },
  {
    name: "no document (404)",
    start: () =>
      startHttpServer((_request, response) => {
        response.statusCode = 404;
        response.setHeader("content-type", "application/json");
        response.end('{"error":"not_found"}');
      }),
    code: "invalid_issuer",
    says: (url) => [`GET ${url}/.well-known/openid-configuration answered 404`],
  },
  {
    name: "a server that never answers",
    start: startSilentServer,
    code: "issuer_unreachable",
    says: () => ["no answer within 300 ms (timeout)", "--no-discovery"],
    timeout: "300",
  },
  {
    name: "nothing listening",
    start: async () => ({
      url: await closedUrl(),
      connections: () => 0,
      close: async () => undefined,
    }),
    code: "issuer_unreachable",
    says: () => ["ECONNREFUSED"],
  },
];

describe("add-provider oidc --issuer: an issuer the runtime would refuse writes nothing", () => {
  it.each(broken)("$name", async ({ start, code, says, timeout }) => {
    const server = track(await start());
    const dir = copyFixture("check-express");
    const before = tree(dir);
    const run = await runAdd("oidc", { cwd: dir, id: "corp", issuer: server.url, timeout });
    expect(run.exitCode).toBe(1);
    expect(schemaErrors("error", run.json)).toEqual([]);
    expect(run.json?.error.code).toBe(code);
    expect(run.json?.error.message).toContain(`corp: the issuer ${server.url} `);
    for (const text of says(server.url)) expect(run.json?.error.message).toContain(text);
    expect(run.json?.error.message).toContain("Nothing was written.");
    expect(run.json?.error.details).toMatchObject({
      issuer: server.url,
      url: `${server.url}/.well-known/openid-configuration`,
    });
    expect(tree(dir)).toEqual(before);
  });

  it("--no-discovery writes an issuer unchecked, and says so", async () => {
    const dir = copyFixture("check-express");
    const issuer = await closedUrl();
    const run = await runAdd("oidc", { cwd: dir, id: "corp", issuer, discovery: false });
    expect(run.exitCode, JSON.stringify(run.json)).toBe(0);
    expect(run.json?.discovery).toEqual({ issuer, url: null, status: "skipped" });
    expect(schemaErrors("add-provider", run.json)).toEqual([]);
    expect(read(dir, ".env")).toContain(`AUTH_CORP_ISSUER=${issuer}\n`);
  });
});
