import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpTestClient, setCookie } from "../helpers.js";
import { npmInstall, startProcess } from "../support/process.js";

let dir: string;

const config = `{
  secret: "a-secret-for-the-module-tests-0123456789",
  trustHost: true,
  providers: [Credentials({ authorize: (c) => (c.username === "ada" ? { id: "1", name: "Ada" } : null) })],
}`;
const routes = `
const app = express();
app.use("/auth", ExpressAuth(config));
app.get("/me", requireAuth(config), (req, res) => res.json(res.locals.session));
app.get("/direct", async (req, res) => res.json(await getSession(req, config)));
const server = app.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "create-auth-express-modules-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "modules-app", private: true }));
  npmInstall(dir, [inject("runtimeTarball"), "express@5.3.0", "express4@npm:express@4.22.1"]);
  writeFileSync(
    join(dir, "app.cjs"),
    `const express = require(process.env.EXPRESS);
const { ExpressAuth, getSession, requireAuth } = require("@create-auth/runtime/express");
const Credentials = require("@create-auth/runtime/providers/credentials").default;
const config = ${config};${routes}`,
  );
  writeFileSync(
    join(dir, "app.mjs"),
    `import { createRequire } from "node:module";
import { ExpressAuth, getSession, requireAuth } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
const express = createRequire(import.meta.url)(process.env.EXPRESS);
const config = ${config};${routes}`,
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ["CommonJS", "app.cjs", "express"],
  ["CommonJS", "app.cjs", "express4"],
  ["ESM", "app.mjs", "express"],
  ["ESM", "app.mjs", "express4"],
])("a %s app (%s) on %s using the packed runtime", (_kind, file, expressModule) => {
  it("signs in with credentials and reads the session", async () => {
    const app = await startProcess(process.execPath, [file], {
      cwd: dir,
      env: { EXPRESS: expressModule },
      ready: /LISTENING (\d+)/,
    });
    try {
      const client = new HttpTestClient(`http://127.0.0.1:${app.match[1]}`);
      expect((await client.request("/me", { headers: { accept: "text/html" } })).status).toBe(302);
      const response = await client.signInWithCredentials({ username: "ada" });
      expect(setCookie(response, "authjs.session-token")).toBeDefined();
      await expect((await client.request("/me")).json()).resolves.toMatchObject({
        user: { name: "Ada" },
      });
      await expect((await client.request("/direct")).json()).resolves.toMatchObject({
        user: { name: "Ada" },
      });
      expect(app.output()).not.toMatch(/ExperimentalWarning|Error/);
    } finally {
      await app.stop();
    }
  });
});
