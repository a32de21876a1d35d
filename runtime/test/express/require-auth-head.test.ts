import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTestClient, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, startApp } from "./app.js";

// HEAD is GET without a body: a signed-out HEAD gets what the GET would (SolidStart's
// authMiddleware answers the same, see test/solid-start/adapter.test.ts).
describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [string, ExpressModule][])("%s: requireAuth on HEAD requests", (_label, express) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(express, testConfig({ basePath: "/auth" }), { mount: "/auth" });
  });
  afterAll(() => app.close());

  it.each([
    ["a browser", "text/html,application/xhtml+xml,*/*;q=0.8", 302],
    ["a client without Accept", undefined, 302],
    ["an API client", "application/json", 401],
  ])("%s gets what a GET would", async (_who, accept, status) => {
    const c = new HttpTestClient(app.origin);
    const headers: Record<string, string> = accept ? { accept } : {};
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/me", "/admin/panel"]) {
        const response = await c.request(path, { method, headers });
        expect(response.status, `${method} ${path}`).toBe(status);
        if (status === 302) {
          expect(response.headers.get("location")).toBe(
            `/auth/signin?${new URLSearchParams({ callbackUrl: path })}`,
          );
        }
      }
    }
  });
});
