import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { FastifyAuth, getSession as fastifySession } from "../../src/fastify/index.js";
import { HonoAuth, getSession as honoSession } from "../../src/hono/index.js";
import OIDC from "../../src/providers/oidc.js";
import type { AuthConfig } from "../../src/types.js";
import { fastify4, fastify5 } from "../fastify/app.js";
import { captureLogger, SECRET } from "../helpers.js";
import { launchBrowser, loopbackContext } from "../support/browser.js";
import { type Listener, listening } from "../support/listening.js";
import { signInThroughProvider } from "../support/oidc-browser.js";
import { type StartedOP, startOP } from "./op.js";

// The OpenID Connect sign-in in Chromium against a real provider (oidc-provider), with the
// relying party on Fastify 5, Fastify 4 and Hono (@hono/node-server): the same flow as
// oidc-provider.e2e.test.ts on Express. Each app serves /auth and `/` (its session as JSON).

const apps = ["fastify 5", "fastify 4", "hono"] as const;

async function mount(
  app: (typeof apps)[number],
  rp: Awaited<ReturnType<typeof listening>>,
  config: AuthConfig,
) {
  if (app === "hono") {
    const hono = new Hono();
    hono.route("/auth", HonoAuth(config));
    hono.get("/", async (c) => c.json({ session: await honoSession(c, config) }));
    rp.use(getRequestListener(hono.fetch));
    return;
  }
  const factory = app === "fastify 5" ? fastify5 : fastify4;
  const fastify = factory({
    serverFactory: (handler: Listener) => {
      rp.use(handler);
      return rp.server;
    },
  });
  await fastify.register(FastifyAuth(config) as never, { prefix: "/auth" });
  fastify.get("/", async (request) => ({
    session: await fastifySession(request as never, config),
  }));
  await fastify.ready();
}

let browser: Browser;
let op: StartedOP;
const rps = new Map<string, Awaited<ReturnType<typeof listening>>>();
const adapters = new Map<string, ReturnType<typeof memoryAdapter>>();

beforeAll(async () => {
  for (const app of apps) rps.set(app, await listening());
  op = await startOP([...rps.values()].map((rp) => `${rp.origin}/auth/callback/local`));
  for (const app of apps) {
    const adapter = memoryAdapter();
    adapters.set(app, adapter);
    await mount(app, rps.get(app)!, {
      secret: SECRET,
      trustHost: true,
      adapter,
      logger: captureLogger().logger,
      providers: [
        OIDC({
          id: "local",
          name: "Local OP",
          issuer: op.issuer,
          clientId: op.clientId,
          clientSecret: op.clientSecret,
        }),
      ],
    });
  }
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await op?.close();
  for (const rp of rps.values()) await rp.close();
});

describe.each(apps)("OpenID Connect sign-in on %s, in a real browser", (app) => {
  it("signs in through the provider, stores the user, and signs out", async () => {
    const rp = rps.get(app)!;
    const context = await loopbackContext(browser);
    const page = await context.newPage();
    const sessionOnPage = async () =>
      ((await page.evaluate(async () => (await fetch("/")).json())) as { session: unknown })
        .session;
    try {
      const home = (url: URL) => url.origin === rp.origin && !url.pathname.startsWith("/auth/");
      await signInThroughProvider(page, `${rp.origin}/auth/signin`, "Local OP", "alice", home);
      expect(await sessionOnPage()).toMatchObject({
        user: { name: "User alice", email: "alice@example.test" },
      });
      const user = await adapters.get(app)!.getUserByEmail("alice@example.test");
      expect(user).toMatchObject({ name: "User alice", emailVerified: expect.any(Date) });
      const names = (await context.cookies()).map((cookie) => cookie.name);
      expect(names.some((name) => /state|pkce|nonce/.test(name))).toBe(false);

      await page.goto(`${rp.origin}/auth/signout`);
      await Promise.all([page.waitForURL(`${rp.origin}/`), page.click("#submitButton")]);
      expect(await sessionOnPage()).toBeNull();
    } finally {
      await context.close();
    }
  }, 60_000);
});
