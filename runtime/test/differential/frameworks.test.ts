/**
 * Issue 17: the Express endpoint scenarios, a representative subset, on our Fastify, Hono and
 * SolidStart adapters against what Auth.js has for each:
 * - Hono: `@hono/auth-js` (`initAuthConfig` + `authHandler()`), both on `@hono/node-server`;
 * - Fastify: Auth.js publishes no Fastify package (`@auth/fastify` is not on the registry), so
 *   against `@auth/express`, the Node server the migrating app most likely came from;
 * - SolidStart: `@auth/solid-start` is built for the retired `solid-start` 0.2 (its peer) and is
 *   not installed here; what its handler does is `@auth/core`'s `Auth(event.request, config)`
 *   for the actions it lists, `undefined` (fall through) otherwise (reference §9.2), and that is
 *   what ours is compared with, called the way runtime/test/solid-start calls handlers.
 * Besides the endpoint scenarios, a whole OAuth 2 sign-in (sign-in POST, the provider's
 * authorization answered with a code, the callback redeeming it at a real local token endpoint
 * and reading the profile) and the session it leaves, on every framework.
 * Differences only these frameworks show are in `deviations.ts` under `<framework> …`.
 */
import { Auth as AuthJs } from "@auth/core";
import { ExpressAuth as AuthJsExpressAuth } from "@auth/express";
import { authHandler, initAuthConfig } from "@hono/auth-js";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, it } from "vitest";
import { FastifyAuth } from "../../src/fastify/index.js";
import { HonoAuth } from "../../src/hono/index.js";
import { SolidAuth } from "../../src/solid-start/index.js";
import { express4 } from "../express/app.js";
import { fastify5 } from "../fastify/app.js";
import { TestClient } from "../helpers.js";
import { listenHono } from "../hono/app.js";
import { expectSame } from "./deviations.js";
import { scenarios } from "./endpoint-scenarios.js";
import { oauthSignIn, startFakeOAuth } from "./fake-oauth.js";
import { browser, endpointConfig, errorLog, listen, logged, observe } from "./servers.js";

const subset = [
  "GET csrf",
  "GET providers",
  "GET session without a cookie",
  "GET session signed in",
  "GET signin page",
  "POST callback/credentials",
  "POST callback/credentials refused",
  "POST callback/credentials without CSRF",
  "POST signout signed in",
  "GET callback/unknown provider",
  "GET error",
  "GET unknown action",
  "PUT session (wrong method)",
];

const oauthUsers = { ada: { id: 7, login: "ada", name: "Ada", email: "ada@provider.example" } };
let oauth: Awaited<ReturnType<typeof startFakeOAuth>>;
beforeAll(async () => {
  oauth = await startFakeOAuth(oauthUsers);
});
afterAll(() => oauth?.close());

/** The endpoint configuration with the local OAuth 2 provider (`acme`) added. */
function config(library: "ours" | "authJs") {
  const base = endpointConfig(library);
  return { ...base, providers: [...base.providers, oauth.provider()] };
}

const oauthScenarios: Record<string, (client: TestClient) => Promise<Response>> = {
  "POST signin/acme (to the provider)": async (c) => {
    const csrfToken = await c.csrfToken();
    return c.request("/auth/signin/acme", { form: { csrfToken } });
  },
  "GET callback/acme (a whole OAuth sign-in)": (c) => oauthSignIn(c, "ada"),
  "GET session after an OAuth sign-in": async (c) => {
    await oauthSignIn(c, "ada");
    return c.request("/auth/session");
  },
  // A code for nobody: the provider's profile endpoint answers 401.
  "GET callback/acme with a code the provider refuses": (c) => oauthSignIn(c, "nobody"),
};

interface Running {
  /** A fresh browser on the server. */
  client: () => TestClient;
  origin: string;
  close: () => Promise<unknown>;
}

const served = (server: { origin: string; close: () => Promise<unknown> }): Running => ({
  ...server,
  client: () => browser(server.origin),
});

/** A framework's two sides: Auth.js's (`authJs`) and ours. */
const frameworks: Record<string, () => Promise<Record<"authJs" | "ours", Running>>> = {
  hono: async () => {
    const theirs = new Hono();
    theirs.use(
      "*",
      initAuthConfig(() => ({ ...config("authJs"), basePath: "/auth" }) as never),
    );
    theirs.use("/auth/*", authHandler());
    const mine = new Hono();
    mine.route("/auth", HonoAuth(config("ours") as never));
    return {
      authJs: served(await listenHono(theirs as never)),
      ours: served(await listenHono(mine as never)),
    };
  },
  fastify: async () => {
    const theirs = express4();
    theirs.use("/auth/*", AuthJsExpressAuth(config("authJs") as never) as never);
    const { server, origin } = await listen(theirs);
    const mine = fastify5();
    await mine.register(FastifyAuth(config("ours") as never) as never, { prefix: "/auth" });
    const address = await mine.listen({ port: 0, host: "127.0.0.1" });
    return {
      authJs: served({ origin, close: () => new Promise((r) => server.close(r)) }),
      ours: served({ origin: address, close: () => mine.close() }),
    };
  },
  "solid-start": async () => {
    const origin = "http://localhost:3000";
    const actions =
      /^\/auth\/(providers|session|csrf|signin|signout|callback|verify-request|error)(\/|$)/;
    const authJsConfig = config("authJs");
    const theirs = (request: Request) =>
      actions.test(new URL(request.url).pathname)
        ? (AuthJs(request, authJsConfig as never) as Promise<Response>)
        : undefined;
    const { GET, POST } = SolidAuth({ ...config("ours"), prefix: "/auth" } as never);
    const mine = (request: Request) =>
      (request.method === "POST" ? POST : GET)({ request, locals: {} } as never);
    const side = (handler: (request: Request) => Promise<Response | undefined> | undefined) => ({
      origin,
      close: async () => {},
      client: () => new HandlerClient(handler, origin),
    });
    return { authJs: side(theirs), ours: side(mine) };
  },
};

/** A browser whose requests go to a route handler; `undefined` (fall through) is the app's 404. */
class HandlerClient extends TestClient {
  constructor(
    readonly handler: (request: Request) => Promise<Response | undefined> | undefined,
    origin: string,
  ) {
    super({ providers: [] }, origin);
  }

  protected override async send(request: Request): Promise<Response> {
    return (await this.handler(request)) ?? new Response("fell through", { status: 404 });
  }
}

describe.each(Object.keys(frameworks))("%s against Auth.js", (framework) => {
  let sides: Record<"authJs" | "ours", Running>;
  beforeAll(async () => {
    sides = await frameworks[framework]!();
  });
  afterAll(() => Promise.all([sides?.authJs.close(), sides?.ours.close()]));

  it.each([...subset, ...Object.keys(oauthScenarios)])("%s", async (name) => {
    const scenario = scenarios[name] ?? oauthScenarios[name]!;
    logged.ours.length = 0;
    logged.authJs.length = 0;
    const theirs = await observe(await scenario(sides.authJs.client()), sides.authJs.origin);
    const mine = await observe(await scenario(sides.ours.client()), sides.ours.origin);
    expectSame(
      `${framework} ${name}`,
      { ...mine, logged: errorLog(logged.ours) },
      { ...theirs, logged: errorLog(logged.authJs) },
    );
  });
});
