import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpTestClient, setCookie } from "../helpers.js";
import { npmInstall, startProcess } from "../support/process.js";
import { express4Name, express5Name, expressVersion } from "./app.js";

let dir: string;

const config = `{
  secret: "a-secret-for-the-module-tests-0123456789",
  trustHost: true,
  providers: [Credentials({ authorize: (c) => (c.username === "ada" ? { id: "1", name: "Ada" } : null) })],
}`;
// MOUNT: a mount path, "router" (a router mounted at /api that mounts the handler at /auth) or
// "basePath" (app.use(ExpressAuth(config)) with basePath set).
const routes = `
const app = express();
const mount = process.env.MOUNT;
if (mount === "basePath") config.basePath = "/auth";
if (mount === "router") {
  const api = express.Router();
  api.use("/auth", ExpressAuth(config));
  app.use("/api", api);
} else if (mount === "basePath") app.use(ExpressAuth(config));
else app.use(mount, ExpressAuth(config));
app.get("/me", requireAuth(config), (req, res) => res.json(res.locals.session));
app.get("/direct", async (req, res) => res.json(await getSession(req, config)));
const server = app.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "create-auth-express-modules-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "modules-app", private: true }));
  // The versions the other Express suites of this project load.
  npmInstall(dir, [
    inject("runtimeTarball"),
    `express@${expressVersion(express5Name)}`,
    `express4@npm:express@${expressVersion(express4Name)}`,
  ]);
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

const mounts = {
  express: ["/auth", "/auth/*splat", "/auth/{*splat}", "router", "basePath"],
  express4: ["/auth", "/auth/*", "router", "basePath"],
};
const variants = (["app.cjs", "app.mjs"] as const).flatMap((file) =>
  (["express", "express4"] as const).flatMap((expressModule) =>
    mounts[expressModule].map((mount) => [
      file.endsWith("cjs") ? "CommonJS" : "ESM",
      file,
      expressModule,
      mount,
    ]),
  ),
);

describe.each(
  variants,
)("a %s app (%s) on %s mounted at %s, using the packed runtime", (_kind, file, expressModule, mount) => {
  it("signs in with credentials, reads the session, turns API clients away and signs out", async () => {
    const base = mount === "router" ? "/api/auth" : "/auth";
    const app = await startProcess(process.execPath, [file], {
      cwd: dir,
      env: { EXPRESS: expressModule, MOUNT: mount },
      ready: /LISTENING (\d+)/,
    });
    try {
      const client = new HttpTestClient(`http://127.0.0.1:${app.match[1]}`, base);
      const api = await client.request("/me", { headers: { accept: "application/json" } });
      expect(api.status).toBe(401);
      expect(api.headers.get("content-type")).toMatch(/^application\/json/);
      await expect(api.json()).resolves.toEqual({ message: "Unauthorized" });
      expect((await client.request(`${base}/evil/csrf`)).status).toBe(400);
      const providers = await (await client.request(`${base}/providers`)).json();
      expect(providers).toMatchObject({
        credentials: { signinUrl: `${client.origin}${base}/signin/credentials` },
      });
      const page = await client.request("/me", { headers: { accept: "text/html" } });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(`${base}/signin?callbackUrl=%2Fme`);
      const response = await client.signInWithCredentials({ username: "ada" });
      expect(setCookie(response, "authjs.session-token")).toBeDefined();
      await expect((await client.request("/me")).json()).resolves.toMatchObject({
        user: { name: "Ada" },
      });
      await expect((await client.request("/direct")).json()).resolves.toMatchObject({
        user: { name: "Ada" },
      });

      const out = await client.signOut();
      expect(out.status).toBe(302);
      expect(setCookie(out, "authjs.session-token")?.attributes["max-age"]).toBe("0");
      expect(client.jar.has("authjs.session-token")).toBe(false);
      await expect((await client.request("/direct")).json()).resolves.toBeNull();
      const after = await client.request("/me", { headers: { accept: "application/json" } });
      expect(after.status).toBe(401);
      // No warning either: every style tells the handler where it lives.
      expect(app.output()).not.toMatch(/ExperimentalWarning|Error|warn/);
    } finally {
      await app.stop();
    }
  });
});
