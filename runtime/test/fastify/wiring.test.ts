/**
 * What `check`'s Fastify wiring rules rely on, on real Fastify 4 and 5 servers: registering
 * FastifyAuth twice under one prefix stops the app from starting (fastify-auth-registered-twice),
 * while a catch-all route or a not-found handler set before it shadows nothing (no rule: Fastify
 * routes by specificity, not by order).
 */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { FastifyAuth } from "../../src/fastify/index.js";
import { testConfig } from "../helpers.js";
import { type FastifyFactory, fastify4, fastify5 } from "./app.js";

async function listen(app: ReturnType<FastifyFactory>) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each([
  ["Fastify 5", fastify5],
  ["Fastify 4", fastify4],
])("%s", (_label, factory) => {
  it("a catch-all route and a not-found handler before FastifyAuth leave its endpoints served", async () => {
    const app = factory();
    app.setNotFoundHandler((_request, reply) => reply.code(404).send("Not found"));
    app.all("/*", async () => "index.html");
    await app.register(FastifyAuth(testConfig()), { prefix: "/auth" });
    const origin = await listen(app);
    try {
      const providers = await fetch(`${origin}/auth/providers`);
      expect(providers.status).toBe(200);
      expect(await providers.json()).toHaveProperty("credentials.type", "credentials");
      // The catch-all still answers everything else.
      expect(await (await fetch(`${origin}/about`)).text()).toBe("index.html");
    } finally {
      await app.close();
    }
  });

  it("FastifyAuth registered twice under one prefix: the app does not start", async () => {
    const config = testConfig();
    const app = factory();
    app.register(FastifyAuth(config), { prefix: "/auth" });
    app.register(FastifyAuth(config), { prefix: "/auth" });
    await expect(app.listen({ port: 0, host: "127.0.0.1" })).rejects.toThrow(
      /already declared for route '\/auth\/\*'/,
    );
    await app.close();
  });

  it("under two prefixes: two sets of endpoints, each building its own callback URLs", async () => {
    const config = testConfig();
    const app = factory();
    app.register(FastifyAuth(config), { prefix: "/auth" });
    app.register(FastifyAuth(config), { prefix: "/api/auth" });
    const origin = await listen(app);
    try {
      const urls = await Promise.all(
        ["/auth", "/api/auth"].map(async (base) => {
          const providers = (await (await fetch(`${origin}${base}/providers`)).json()) as {
            credentials: { callbackUrl: string };
          };
          return new URL(providers.credentials.callbackUrl).pathname;
        }),
      );
      expect(urls).toEqual(["/auth/callback/credentials", "/api/auth/callback/credentials"]);
    } finally {
      await app.close();
    }
  });
});
