import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { HttpTestClient, outboxEmailProvider, setCookie, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, startApp } from "./app.js";

// HEAD is GET without a body (RFC 9110 §9.3.2), as SolidStart's SolidAuth answers it (see
// test/solid-start/adapter.test.ts), except on the callback, which spends one-time codes and
// magic links: mail scanners send HEAD to every link.
describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [string, ExpressModule][])("%s: ExpressAuth on HEAD requests", (_label, express) => {
  const email = outboxEmailProvider();
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    const config = testConfig({
      adapter: memoryAdapter(),
      providers: [email.provider],
      session: { strategy: "jwt" },
    });
    app = await startApp(express, config, { mount: "/auth" });
  });
  afterAll(() => app.close());

  it.each([
    "/auth/session",
    "/auth/csrf",
    "/auth/providers",
    "/auth/signin",
    "/auth/signout",
    "/auth/error",
    "/auth/verify-request",
  ])("HEAD %s answers what GET does, without a body", async (path) => {
    const c = new HttpTestClient(app.origin);
    const get = await c.request(path);
    const head = await c.request(path, { method: "HEAD" });
    expect(head.status).toBe(get.status);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(await head.text()).toBe("");
  });

  it("HEAD /auth/csrf sets the CSRF cookie, as GET does", async () => {
    const head = await new HttpTestClient(app.origin).request("/auth/csrf", { method: "HEAD" });
    expect(setCookie(head, "authjs.csrf-token")).toBeDefined();
  });

  it("HEAD on a magic link does not spend it", async () => {
    const c = new HttpTestClient(app.origin);
    const csrfToken = await c.csrfToken();
    await c.request("/auth/signin/email", { form: { email: "ada@example.com", csrfToken } });
    const link = new URL(email.outbox.at(-1)!.url);
    const scanned = await new HttpTestClient(app.origin).request(`${link.pathname}${link.search}`, {
      method: "HEAD",
    });
    expect(setCookie(scanned, "authjs.session-token")).toBeUndefined();
    const clicked = await c.request(`${link.pathname}${link.search}`);
    expect(clicked.status).toBe(302);
    expect(setCookie(clicked, "authjs.session-token")).toBeDefined();
  });
});
