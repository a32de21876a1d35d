/**
 * The app each instance of the fault suite runs (written to a folder inside the repository, so
 * `@create-auth/runtime` resolves to the workspace package built by the test run's global set-up).
 * Every dependency is reached through a fault proxy whose address comes from the environment:
 * database sessions in PostgreSQL, the Redis rate limiter, an email provider on a real SMTP
 * server, an OpenID provider whose token endpoint is proxied, and credentials. `BOUNDS=short`
 * tightens the runtime's time bounds (the short profile); otherwise the documented defaults hold.
 * `SESSION_CACHE=on` turns the database's session cache on.
 *
 * Two front ends over the same configuration, both serving the auth endpoints under `/auth` and a
 * protected `/protected` answering `{ user }`:
 * - `express`: `ExpressAuth` and `requireAuth` in an Express app;
 * - `solid-start`: the handlers a SolidStart app wires, `SolidAuth`'s `GET`/`POST` (the catch-all
 *   route `src/routes/auth/[...auth].ts`) behind `authMiddleware` (the `onRequest` of
 *   `src/middleware.ts`), called with the event a built SolidStart server gives them (its Web
 *   `Request`, `locals`, the raw path as `nativeEvent.path`, `clientAddress` from the socket),
 *   served by `node:http` instead of a vinxi build (minutes to build here; the runtime's code is
 *   the same).
 */
export type FaultFramework = "express" | "solid-start";

const config = (imports: string) => `${imports}
import Credentials from "@create-auth/runtime/providers/credentials";
import Email from "@create-auth/runtime/providers/email";
import OIDC from "@create-auth/runtime/providers/oidc";
import { postgresAdapter, postgresDatabase } from "@create-auth/runtime/adapters/postgres";
import { redisRateLimitStore } from "@create-auth/runtime/rate-limit/redis";

const env = process.env;
const short = env.BOUNDS === "short";
const config = {
  trustHost: true,
  secret: env.AUTH_SECRET,
  session: { strategy: "database" },
  ...(short ? { httpTimeout: 2000 } : {}),
  adapter: postgresAdapter(
    postgresDatabase({
      connectionString: env.DATABASE_URL,
      ...(short ? { connectTimeout: 1000, queryTimeout: 1500 } : {}),
      sessionCache: env.SESSION_CACHE === "on",
    }),
  ),
  rateLimit: {
    store: redisRateLimitStore(env.REDIS_URL),
    max: 100000,
    maxPerAddress: 100000,
  },
  providers: [
    Credentials({
      credentials: { username: {} },
      authorize: (c) =>
        typeof c.username === "string" ? { id: c.username, name: c.username, email: c.username + "@cred.test" } : null,
    }),
    Email({ server: env.SMTP_URL, from: "auth@faults.test", ...(short ? { sendTimeout: 2000 } : {}) }),
    OIDC({
      id: "mock",
      name: "Mock",
      issuer: env.OP_ISSUER,
      clientId: env.OP_CLIENT_ID,
      clientSecret: env.OP_CLIENT_SECRET,
      token: env.OP_TOKEN_URL,
      checks: ["pkce", "state", "nonce"],
    }),
  ],
};
`;

const express = `${config(`import express from "express";
import { ExpressAuth, requireAuth } from "@create-auth/runtime/express";`)}
const app = express();
app.use("/auth", ExpressAuth(config));
app.get("/protected", requireAuth(config), (req, res) => res.json({ user: res.locals.session.user }));
app.use((error, req, res, next) => {
  const status = error && typeof error.retryAfter === "number" ? 503 : 500;
  res.status(status).json({ error: error && error.name });
});
const server = app.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
`;

const solidStart = `${config(`import { createServer } from "node:http";
import { Readable } from "node:stream";
import { authMiddleware, SolidAuth } from "@create-auth/runtime/solid-start";`)}
const solidConfig = { ...config, prefix: "/auth" };
const { GET, POST } = SolidAuth(solidConfig);
const onRequest = authMiddleware(solidConfig, { protectedPaths: ["/protected"] });

/** What SolidStart does with a request: middleware first, then the matching API route. */
async function handle(event) {
  const early = await onRequest(event);
  if (early) return early;
  const path = new URL(event.request.url).pathname;
  if (path === "/auth" || path.startsWith("/auth/")) {
    const route = event.request.method === "POST" ? POST : GET;
    return (await route(event)) ?? new Response("Not found", { status: 404 });
  }
  if (path === "/protected") return Response.json({ user: event.locals.session?.user });
  return new Response("Not found", { status: 404 });
}

const server = createServer(async (req, res) => {
  try {
    const method = req.method ?? "GET";
    const request = new Request("http://" + req.headers.host + req.url, {
      method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((v) => [name, v]) : value === undefined ? [] : [[name, value]],
      ),
      ...(method === "GET" || method === "HEAD" ? {} : { body: Readable.toWeb(req), duplex: "half" }),
    });
    const event = {
      request,
      locals: {},
      nativeEvent: { path: req.url },
      clientAddress: req.socket.remoteAddress,
    };
    const response = await handle(event);
    const headers = {};
    for (const [name, value] of response.headers) {
      if (name === "set-cookie") continue;
      headers[name] = value;
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    // A SolidStart server answers an error thrown by a route with 500.
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: error && error.name }));
  }
});
server.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
`;

/** The source of one instance's `app.mjs`. */
export const faultApp = (framework: FaultFramework) =>
  framework === "express" ? express : solidStart;
