import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadCatalogue } from "../providers/load.js";

const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const entryPoints = Object.keys(manifest.exports).filter((key) => key !== "./package.json");
const honoVersion = manifest.devDependencies.hono as string;
let app: string;

beforeAll(() => {
  const tarball = inject("runtimeTarball");
  app = mkdtempSync(join(tmpdir(), "create-auth-package-"));
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "cjs-app", private: true, type: "commonjs" }),
  );
  execFileSync(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--omit=peer", tarball],
    {
      cwd: app,
      stdio: "pipe",
    },
  );
  // The Hono entry builds a Hono sub-app, so it needs its peer; the others load without theirs.
  execFileSync(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--omit=peer",
      `hono@${honoVersion}`,
    ],
    { cwd: app, stdio: "pipe" },
  );
}, 120_000);
afterAll(() => rmSync(app, { recursive: true, force: true }));

function node(code: string, type: "commonjs" | "module"): string {
  const file = join(app, type === "commonjs" ? "probe.cjs" : "probe.mjs");
  writeFileSync(file, code);
  return execFileSync(process.execPath, [file], { cwd: app }).toString();
}

describe("the packed runtime", () => {
  it("declares types and files for every entry point, for import and for require", () => {
    const packaged = join(app, "node_modules/@create-auth/runtime");
    for (const key of entryPoints) {
      const conditions = manifest.exports[key] as Record<
        string,
        { types: string; default: string }
      >;
      expect(Object.keys(conditions), key).toEqual(["import", "module-sync", "require", "default"]);
      for (const target of Object.values(conditions)) {
        expect(() => readFileSync(join(packaged, target.types)), key).not.toThrow();
        expect(() => readFileSync(join(packaged, target.default)), key).not.toThrow();
      }
      // The stub folder that resolvers ignoring "exports" (Jest 26, TypeScript's node10) read.
      if (key === ".") continue;
      const stub = JSON.parse(readFileSync(join(packaged, key, "package.json"), "utf8"));
      expect(join(key, stub.main), key).toBe(join(conditions.require!.default));
      expect(join(key, stub.types), key).toBe(join(conditions.require!.types));
    }
  });

  it("can be require()d from CommonJS on this Node (no top-level await anywhere)", () => {
    const names = entryPoints.map((key) => `@create-auth/runtime${key.slice(1)}`);
    const output = node(
      `const loaded = ${JSON.stringify(names)}.map((name) => [name, Object.keys(require(name)).length]);
       console.log(JSON.stringify(loaded));`,
      "commonjs",
    );
    const loaded = JSON.parse(output) as [string, number][];
    expect(loaded.map(([name]) => name)).toEqual(names);
    expect(loaded.find(([name]) => name === "@create-auth/runtime")![1]).toBeGreaterThan(2);
  });

  it("the CommonJS build (for Jest and old resolvers) exports what the ES modules export", () => {
    const packaged = join(app, "node_modules/@create-auth/runtime");
    const output = node(
      `import { createRequire } from "node:module";
       const require = createRequire(import.meta.url);
       const exportsMap = ${JSON.stringify(manifest.exports)};
       const differences = [];
       for (const [key, conditions] of Object.entries(exportsMap)) {
         if (key === "./package.json") continue;
         const esm = Object.keys(await import(${JSON.stringify(packaged)} + "/" + conditions.import.default)).sort();
         const cjs = Object.keys(require(${JSON.stringify(packaged)} + "/" + conditions.require.default)).sort();
         if (JSON.stringify(esm) !== JSON.stringify(cjs)) differences.push({ key, esm, cjs });
       }
       const shared = ["skipCSRFCheck", "customFetch"].map((name) =>
         require(${JSON.stringify(packaged)} + "/dist/cjs/index.js")[name] ===
           require("@create-auth/runtime")[name]);
       console.log(JSON.stringify({ differences, shared }));`,
      "module",
    );
    const { differences, shared } = JSON.parse(output);
    expect(differences).toEqual([]);
    // A symbol from one copy means the same to the other (Symbol.for): docs/decisions.md.
    expect(shared).toEqual([true, true]);
  });

  it("the rate-limit stores load without their optional peers (ioredis, pg) installed", () => {
    const output = node(
      `const memory = require("@create-auth/runtime/rate-limit");
       const redis = require("@create-auth/runtime/rate-limit/redis");
       const postgres = require("@create-auth/runtime/adapters/postgres");
       console.log([typeof memory.memoryRateLimitStore, typeof redis.redisRateLimitStore,
         typeof postgres.postgresRateLimitStore].join(","));`,
      "commonjs",
    );
    expect(output.trim()).toBe("function,function,function");
    const peer = node(
      'try { require.resolve("ioredis"); console.log("installed") } catch { console.log("absent") }',
      "commonjs",
    );
    expect(peer.trim()).toBe("absent");
  });

  it("the Fastify entry loads without Fastify installed; the Hono entry mounts in a real Hono app", () => {
    const fastify = node(
      `const { FastifyAuth, getSession, requireAuth } = require("@create-auth/runtime/fastify");
       try { require.resolve("fastify"); console.log("installed") } catch { console.log("absent") }
       console.log([typeof FastifyAuth({}), typeof getSession, typeof requireAuth({})].join(","));`,
      "commonjs",
    );
    expect(fastify.trim().split("\n")).toEqual(["absent", "function,function,function"]);
    const hono = node(
      `import { Hono } from "hono";
       import { HonoAuth } from "@create-auth/runtime/hono";
       import Credentials from "@create-auth/runtime/providers/credentials";
       const config = { secret: "x".repeat(32), trustHost: true, providers: [Credentials({ authorize: () => null })] };
       const app = new Hono().route("/auth", HonoAuth(config));
       const response = await app.request("http://localhost/auth/providers");
       console.log(Object.keys(await response.json()).join(","));`,
      "module",
    );
    expect(hono.trim()).toBe("credentials");
  });

  it("answers a real request from CommonJS and from ESM", () => {
    const program = (load: string) => `${load}
      const { Auth } = runtime;
      const config = { secret: "x".repeat(32), trustHost: true, providers: [Credentials({ authorize: () => null })] };
      Auth(new Request("http://localhost/auth/providers"), config)
        .then((r) => r.json())
        .then((body) => console.log(Object.keys(body).join(",")));`;
    const cjs = node(
      program(`const runtime = require("@create-auth/runtime");
        const Credentials = require("@create-auth/runtime/providers/credentials").default;`),
      "commonjs",
    );
    const esm = node(
      program(`import * as runtime from "@create-auth/runtime";
        import Credentials from "@create-auth/runtime/providers/credentials";`),
      "module",
    );
    expect(cjs.trim()).toBe("credentials");
    expect(esm.trim()).toBe("credentials");
  });

  it("imports every catalogue provider at its Auth.js path, from ES modules and CommonJS", async () => {
    const modules = (await loadCatalogue()).oauth;
    expect(modules.length).toBeGreaterThanOrEqual(17);
    // What `import X from "@auth/core/providers/<file>"` becomes after the package name changes:
    // the module is named after the id, or after Auth.js's module (`ory-hydra` → `hydra`).
    const probe = (load: (file: string) => string) =>
      `const seen = {};
       ${modules.map(({ file }, i) => load(file).replace("$P", `p${i}`)).join("\n")}
       ${modules.map(({ file }, i) => `seen[${JSON.stringify(file)}] = p${i}({ clientId: "x", clientSecret: "y", issuer: "https://issuer.example.test/" }).id;`).join("\n")}
       console.log(JSON.stringify(seen));`;
    const esm = node(
      probe((file) => `import $P from "@create-auth/runtime/providers/${file}";`),
      "module",
    );
    const cjs = node(
      probe((file) => `const $P = require("@create-auth/runtime/providers/${file}").default;`),
      "commonjs",
    );
    const expected = Object.fromEntries(modules.map(({ file, id }) => [file, id]));
    expect(JSON.parse(esm)).toEqual(expected);
    expect(JSON.parse(cjs)).toEqual(expected);
  });

  it("loads the passkey provider without its optional peer, and names the peer when it is used", () => {
    // Installed with --omit=peer: @simplewebauthn/server is absent.
    const output = node(
      `import { Auth } from "@create-auth/runtime";
       import { memoryAdapter } from "@create-auth/runtime/adapters/memory";
       import Passkey from "@create-auth/runtime/providers/passkey";
       const errors = [];
       const config = {
         secret: "x".repeat(32), trustHost: true, adapter: memoryAdapter(), providers: [Passkey()],
         experimental: { enableWebAuthn: true },
         logger: { error: (e) => errors.push(e.message), warn() {}, debug() {} },
       };
       const response = await Auth(new Request("http://localhost/auth/webauthn-options/passkey"), config);
       console.log(JSON.stringify({ id: Passkey().id, status: response.status, errors }));`,
      "module",
    );
    const result = JSON.parse(output);
    expect(result.id).toBe("passkey");
    expect(result.status).not.toBe(200);
    expect(result.errors.join("\n")).toContain("npm install @simplewebauthn/server");
  });
});
