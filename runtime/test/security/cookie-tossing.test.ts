import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { ExpressAuth, getSession } from "../../src/express/index.js";
import { FastifyAuth, getSession as getFastifySession } from "../../src/fastify/index.js";
import { getSession as getHonoSession, HonoAuth } from "../../src/hono/index.js";
import OIDC from "../../src/providers/oidc.js";
import { getSession as getSolidSession, SolidAuth } from "../../src/solid-start/index.js";
import type { AuthConfig, CookiesOptions } from "../../src/types.js";
import { express5 } from "../express/app.js";
import { fastify5 } from "../fastify/app.js";
import { captureLogger, SECRET } from "../helpers.js";
import { type StartedOP, startOP } from "../oauth/op.js";
import { launchBrowser } from "../support/browser.js";
import { selfSignedCertificate } from "../support/https.js";
import { signInThroughProvider } from "../support/oidc-browser.js";
import { solidListener } from "../support/solid-listener.js";

// Cookie tossing from a sibling subdomain, in a real browser over HTTPS: the app runs on
// https://app.example.test and the attacker controls https://evil.example.test, which may set
// cookies for the whole of example.test (`Domain=example.test`). The attacker starts their own
// OpenID sign-in, stops before the callback (an unspent code), and plants their check cookies
// in a signed-in victim's browser on the app's callback path, then sends the victim to the
// callback with their code. Were the cookies accepted, PKCE would verify at the provider and the
// attacker's provider account would be linked to the victim, who is then taken over when the
// attacker signs in with it (Auth.js 0.41.3 falls to this).

const APP = "app.example.test";
const EVIL = "evil.example.test";

interface Toss {
  cookies: { name: string; value: string }[];
  /** Extra attributes of every tossed cookie. */
  attributes: string;
  to: string;
}

let browser: Browser;
let op: StartedOP;
let server: Server;
let origin: string;
let port: number;
let app: (req: never, res: never) => void;
let toss: Toss | undefined;
let adapter: ReturnType<typeof memoryAdapter>;
/** Set while the next callback request is to be held back instead of reaching the app. */
let hold: ((url: URL) => void) | undefined;

type Framework = "express" | "solid-start" | "fastify" | "hono";

/**
 * Serves the app on `framework` with `cookies` (a fresh adapter, so every test starts from
 * nobody): the auth endpoints on /auth and `/` showing the session as JSON.
 */
async function configure(
  framework: Framework,
  cookies?: Partial<CookiesOptions>,
): Promise<AuthConfig> {
  adapter = memoryAdapter();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: captureLogger().logger,
    ...(cookies ? { cookies } : {}),
    providers: [
      OIDC({
        id: "local",
        name: "Local OP",
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
      }),
    ],
  };
  if (framework === "fastify") {
    let listener: typeof app | undefined;
    const fastify = fastify5({
      serverFactory: (handler: typeof app) => {
        listener = handler;
        return createHttpServer();
      },
    });
    await fastify.register(FastifyAuth(config) as never, { prefix: "/auth" });
    fastify.get("/", async (request) => ({ session: await getFastifySession(request, config) }));
    await fastify.ready();
    app = listener!;
    return config;
  }
  if (framework === "hono") {
    const hono = new Hono();
    hono.route("/auth", HonoAuth(config));
    hono.get("/", async (c) => c.json({ session: await getHonoSession(c, config) }));
    app = getRequestListener(hono.fetch) as never;
    return config;
  }
  if (framework === "solid-start") {
    const solid = { ...config, prefix: "/auth" };
    app = solidListener(SolidAuth(solid), "https", async (req, res) => {
      const request = new Request(`https://${req.headers.host}${req.url}`, {
        headers: { cookie: req.headers.cookie ?? "" },
      });
      const session = await getSolidSession(request, solid);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ session }));
    }) as never;
    return config;
  }
  const express = express5();
  express.use("/auth", ExpressAuth(config) as never);
  express.get("/", async (req, res) => {
    res.json({ session: await getSession(req as never, config) });
  });
  app = express as never;
  return config;
}

beforeAll(async () => {
  const { cert, key } = selfSignedCertificate([APP, EVIL]);
  server = createServer({ cert, key });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `https://${APP}:${port}`;
  op = await startOP([`${origin}/auth/callback/local`]);
  server.on("request", (req, res) => {
    if (req.headers.host === `${EVIL}:${port}`) {
      // The sibling: plants the cookies it was given for the whole site, then sends the
      // browser on to the app.
      res.statusCode = 302;
      res.setHeader(
        "set-cookie",
        (toss?.cookies ?? []).map(
          ({ name, value }) =>
            `${name}=${value}; Domain=example.test; Path=/auth/callback/local; Secure; HttpOnly; SameSite=Lax${toss!.attributes}`,
        ),
      );
      res.setHeader("location", toss?.to ?? origin);
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", origin);
    if (hold && url.pathname.startsWith("/auth/callback/")) {
      hold(url);
      hold = undefined;
      res.writeHead(200, { "content-type": "text/plain" }).end("held");
      return;
    }
    app(req as never, res as never);
  });
  browser = await launchBrowser([`--host-resolver-rules=MAP *.example.test 127.0.0.1`]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await op?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser that only reaches the two test hosts and the provider. */
async function newBrowser(): Promise<BrowserContext> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await context.route(
    (url) =>
      !(url.protocol === "https:" && url.hostname.endsWith(".example.test")) &&
      url.origin !== op.issuer,
    (route) => route.abort(),
  );
  return context;
}

/** Clicks through the sign-in page and the provider's login and consent forms. */
function authorize(page: Page, login: string, done: (url: URL) => boolean): Promise<void> {
  return signInThroughProvider(page, `${origin}/auth/signin`, "Local OP", login, done);
}

async function signIn(page: Page, login: string): Promise<void> {
  await authorize(page, login, (url) => url.origin === origin && url.pathname === "/");
}

async function sessionEmail(page: Page): Promise<string | undefined> {
  await page.goto(`${origin}/`);
  const body = JSON.parse((await page.locator("body").textContent()) ?? "{}");
  return body.session?.user?.email;
}

/**
 * The attacker's half-finished sign-in as `mallory`: the provider's redirect back (a real,
 * unspent code) and every cookie the app set in the attacker's browser by then.
 */
async function attackersFlow() {
  const context = await newBrowser();
  const page = await context.newPage();
  let held: URL | undefined;
  hold = (url) => {
    held = url;
  };
  await authorize(page, "mallory", () => held !== undefined);
  const cookies = (await context.cookies(origin)).map(({ name, value }) => ({ name, value }));
  await context.close();
  return { callback: held!, cookies };
}

/**
 * The whole attack against a victim (signed in as `alice` unless `signedOut`): returns where the
 * victim's browser ended up, and who the attacker is when they then sign in with their own
 * provider account.
 */
async function attack(options: {
  plant: (name: string) => boolean;
  attributes?: string;
  signedOut?: boolean;
}) {
  const flow = await attackersFlow();
  const victim = await newBrowser();
  const page = await victim.newPage();
  if (!options.signedOut) {
    await signIn(page, "alice");
    expect(await sessionEmail(page)).toBe("alice@example.test");
  }
  const alice = await adapter.getUserByEmail("alice@example.test");

  const before = op.tokenRequests();
  toss = {
    cookies: flow.cookies.filter(({ name }) => options.plant(name)),
    attributes: options.attributes ?? "",
    to: flow.callback.href,
  };
  await page.goto(`https://${EVIL}:${port}/`);
  await page.waitForLoadState("domcontentloaded");
  const landed = new URL(page.url());
  const tokenRequests = op.tokenRequests() - before;
  const victimAfter = await sessionEmail(page);
  await victim.close();

  const attacker = await newBrowser();
  const attackerPage = await attacker.newPage();
  await signIn(attackerPage, "mallory");
  const attackerIs = await sessionEmail(attackerPage);
  await attacker.close();
  const linked = await adapter.getUserByAccount({
    provider: "local",
    providerAccountId: "mallory",
  });
  return {
    tossed: toss.cookies.map(({ name }) => name),
    landed,
    tokenRequests,
    victimAfter,
    attackerIs,
    linkedToAlice: alice !== null && linked?.id === alice.id,
  };
}

const checkCookie = (name: string) => /state|pkce|nonce/.test(name);

describe.each<Framework>([
  "express",
  "solid-start",
  "fastify",
  "hono",
])("cookie tossing from a sibling subdomain (%s, Chromium, HTTPS)", (framework) => {
  it("cannot plant check cookies: they are __Host- cookies, which no sibling can set", async () => {
    await configure(framework);
    const outcome = await attack({ plant: checkCookie });
    expect(outcome.linkedToAlice).toBe(false);
    expect(outcome.attackerIs).toBe("mallory@example.test");
    expect(outcome.tossed.length).toBeGreaterThan(0);
    for (const name of outcome.tossed) expect(name).toMatch(/^__Host-authjs\./);
    // Chromium refused every planted cookie, so the victim's browser brought no verifier: the
    // callback failed before the attacker's code reached the provider.
    expect(outcome.landed.pathname).toBe("/auth/error");
    expect(outcome.tokenRequests).toBe(0);
    expect(outcome.victimAfter).toBe("alice@example.test");
  }, 90_000);

  // Apps that share cookies across subdomains (a `domain` in `cookies`) cannot have `__Host-`
  // cookies, so a sibling can plant them: the next two layers hold there.
  const shared = { options: { domain: "example.test" } };

  it("a planted flow fails when the check cookies are shared: they are bound to the browser that started the flow", async () => {
    await configure(framework, { state: shared, pkceCodeVerifier: shared, nonce: shared });
    // A signed-out victim: the planted flow would sign them in as the attacker (login CSRF),
    // and whatever they then enter is the attacker's to read.
    const outcome = await attack({ plant: checkCookie, signedOut: true });
    expect(outcome.tossed.length).toBeGreaterThan(0);
    // The planted verifier reached the app, but it was sealed with the attacker's CSRF token
    // (a __Host- cookie the sibling cannot set), not the victim's.
    expect(outcome.victimAfter).toBeUndefined();
    expect(outcome.landed.pathname).toBe("/auth/error");
    expect(outcome.tokenRequests).toBe(0);
    expect(outcome.attackerIs).toBe("mallory@example.test");
  }, 90_000);

  it("with every cookie shared and planted, a flow started signed out never links into the victim's session", async () => {
    await configure(framework, {
      state: shared,
      pkceCodeVerifier: shared,
      nonce: shared,
      csrfToken: shared,
    });
    const outcome = await attack({ plant: (name) => checkCookie(name) || name.includes("csrf") });
    expect(outcome.tossed.some((name) => name.includes("csrf"))).toBe(true);
    // Browser binding passes (the attacker's CSRF cookie came along), but the flow was started
    // by nobody and the callback sees alice's session: refused before the code is spent.
    expect(outcome.landed.pathname).toBe("/auth/error");
    expect(outcome.tokenRequests).toBe(0);
    expect(outcome.victimAfter).toBe("alice@example.test");
    expect(outcome.linkedToAlice).toBe(false);
    expect(outcome.attackerIs).toBe("mallory@example.test");
  }, 90_000);
});
