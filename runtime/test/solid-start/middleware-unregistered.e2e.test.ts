/**
 * What `check`'s solid-middleware-not-registered reports, on a real SolidStart 1 build: the
 * fixture's middleware (protecting /protected and /api/private) with app.config.ts naming no
 * middleware never runs, so the protected page is served to a signed-out visitor.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { installFixture } from "../support/fixture-app.js";

let app: ReturnType<typeof installFixture>;
let server: Awaited<ReturnType<ReturnType<typeof installFixture>["start"]>>;

beforeAll(async () => {
  app = installFixture("solid-start-1", inject("runtimeTarball"));
  writeFileSync(
    join(app.dir, "app.config.ts"),
    'import { defineConfig } from "@solidjs/start/config";\n\nexport default defineConfig({});\n',
  );
  app.run(`${app.dir}/node_modules/.bin/vinxi`, ["build"]);
  server = await app.start({ AUTH_SECRET: "solid-start-1-secret-0123456789-abcdef" });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  app?.remove();
});

describe("SolidStart 1 with src/middleware.ts not registered in app.config.ts", () => {
  it("serves the protected page to a signed-out visitor, and sets no session on locals", async () => {
    const page = await fetch(`${server.origin}/protected`, {
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Members only");
    const api = await fetch(`${server.origin}/api/private`, {
      headers: { accept: "application/json" },
      redirect: "manual",
    });
    // The middleware would have answered 401; the route runs with no session on event.locals.
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ locals: null });
  });

  it("still serves the auth endpoints (the route does not need the middleware)", async () => {
    const providers = await fetch(`${server.origin}/api/auth/providers`);
    expect(providers.status).toBe(200);
  });
});
