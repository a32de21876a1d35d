/**
 * The Fastify 5 and Hono apps of scenarios (10) and (11): each serves `/public` (the
 * framework's bare route, the ceiling: an `async` handler, the shape `/protected` has to have),
 * `/public-sync` (the same answer from a synchronous handler, for the notes), `/protected` (one
 * `getSession` read, as in scenario 2) and the auth endpoints under `/auth`, on our runtime only
 * (Auth.js has no adapter for either).
 * Fastify and Hono resolve from the repository's `node_modules` (the runtime workspace's dev
 * dependencies, the copies its own tests use). Env: PORT, FRAMEWORK (`fastify` or `hono`).
 */
import { createServer } from "node:http";
import { FastifyAuth, getSession as fastifySession } from "@create-auth/runtime/fastify";
import { HonoAuth, getSession as honoSession } from "@create-auth/runtime/hono";
import Credentials from "@create-auth/runtime/providers/credentials";
import { getRequestListener } from "@hono/node-server";
import Fastify from "fastify";
import { Hono } from "hono";
import { BASE_PATH } from "../lib/shared.mjs";
import { authorize, baseConfig } from "./app.mjs";
import { serve } from "./serve.mjs";

const config = {
  ...baseConfig(),
  rateLimit: false,
  providers: [Credentials({ credentials: { username: {}, password: {} }, authorize })],
};

/** @param {{ user?: { email?: string } } | null} session */
const answer = (session) =>
  session ? { ok: true, user: session.user?.email ?? null } : { ok: false, user: null };

async function fastifyListener() {
  /** @type {import("node:http").RequestListener | undefined} */
  let listener;
  const app = Fastify({
    // The bench's own server (serve.mjs) listens; Fastify only hands over its handler.
    serverFactory: (handler) => {
      listener = handler;
      return createServer();
    },
  });
  app.get("/public", async () => ({ ok: true, user: null }));
  app.get("/public-sync", (_request, reply) => {
    reply.send({ ok: true, user: null });
  });
  app.get("/protected", async (request, reply) => {
    const session = await fastifySession(request, config);
    // Answered as /public is (a returned object) when signed in: only the session read differs.
    return session ? answer(session) : reply.code(401).send(answer(session));
  });
  await app.register(FastifyAuth(config), { prefix: BASE_PATH });
  await app.ready();
  return /** @type {import("node:http").RequestListener} */ (listener);
}

function honoListener() {
  const app = new Hono();
  // `async`, as every route that awaits a session read must be: Hono and @hono/node-server
  // answer a synchronous handler's response on a shorter path (see bench/README.md).
  app.get("/public", async (c) => c.json({ ok: true, user: null }));
  app.get("/public-sync", (c) => c.json({ ok: true, user: null }));
  app.get("/protected", async (c) => {
    const session = await honoSession(c, config);
    // Answered as /public is (`c.json` without a status) when signed in.
    return session ? c.json(answer(session)) : c.json(answer(session), 401);
  });
  app.route(BASE_PATH, HonoAuth(config));
  return getRequestListener(app.fetch);
}

serve(process.env.FRAMEWORK === "hono" ? honoListener() : await fastifyListener());
