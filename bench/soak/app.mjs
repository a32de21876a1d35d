/**
 * The app a soak run keeps busy, in its own process (`--expose-gc`), one per variant:
 *
 * - `VARIANT=database`: database sessions, `postgresAdapter` and `postgresRateLimitStore` on a
 *   real PostgreSQL (`DATABASE_URL`, a database of the run's own);
 * - `VARIANT=jwt`: JWT sessions, `memoryAdapter` (email tokens) and the memory rate-limit store.
 *
 * Lifetimes are short (`LIFETIME_S`) and housekeeping runs often (`HOUSEKEEPING_MS`), so that in
 * minutes the tables reach the steady state a real app reaches in days. The parent asks for a
 * sample over IPC (`serve.mjs` answers `stats`; this file answers `sample`).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pruneExpired } from "@create-auth/runtime";
import { memoryAdapter } from "@create-auth/runtime/adapters/memory";
import {
  postgresAdapter,
  postgresDatabase,
  postgresRateLimitStore,
} from "@create-auth/runtime/adapters/postgres";
import { ExpressAuth } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
import Email from "@create-auth/runtime/providers/email";
import { memoryRateLimitStore } from "@create-auth/runtime/rate-limit";
import express from "express";
import { CreationClock } from "./creation-clock.mjs";
import { CLICK_DOMAIN, PASSWORD } from "./shared.mjs";

const env = process.env;
const lifetime = Number(env.LIFETIME_S);
const housekeepingMs = Number(env.HOUSEKEEPING_MS);
const database = env.VARIANT === "database";

/**
 * Magic links of the addresses the workload will click (`…@click.soak.test`), until it fetches
 * them: at most one per concurrent flow. Links of every other address are never stored, as an
 * unread email would not be.
 * @type {Map<string, string>}
 */
const links = new Map();
/** Tokens the memory adapter holds, by second of expiry (the jwt variant's "rows"). */
const tokens = new CreationClock(lifetime);
const pruned = { sessions: 0, verificationTokens: 0, rateLimits: 0, runs: 0 };

function adapter() {
  if (database) {
    const db = postgresDatabase({ connectionString: env.DATABASE_URL });
    return { adapter: postgresAdapter(db), store: postgresRateLimitStore(db) };
  }
  const memory = memoryAdapter();
  const prune = memory[pruneExpired];
  return {
    adapter: {
      ...memory,
      async createVerificationToken(/** @type {any} */ token) {
        tokens.add(token.expires.getTime());
        return memory.createVerificationToken(token);
      },
      async useVerificationToken(/** @type {any} */ params) {
        const used = await memory.useVerificationToken(params);
        if (used) tokens.remove(used.expires.getTime());
        return used;
      },
      async [pruneExpired](/** @type {any} */ options) {
        const counts = await prune(options);
        // The sweep goes in insertion order, which is expiry order here (one lifetime for all).
        if (!options?.dryRun) tokens.dropOldest(counts.verificationTokens);
        return counts;
      },
    },
    store: memoryRateLimitStore(),
  };
}

const { adapter: store, store: rateLimitStore } = adapter();
const config = {
  secret: env.AUTH_SECRET,
  trustHost: true,
  session: { strategy: database ? "database" : "jwt", maxAge: lifetime },
  adapter: store,
  rateLimit: { store: rateLimitStore, window: lifetime / 2 },
  housekeeping:
    housekeepingMs > 0 ? { intervalMs: housekeepingMs, batchSize: 1000, maxBatches: 20 } : false,
  logger: {
    error: (/** @type {unknown} */ error) => console.error(error),
    warn: (/** @type {string} */ code) => console.warn(code),
    debug: (/** @type {string} */ code, /** @type {any} */ counts) => {
      if (code !== "housekeeping_pruned") return;
      pruned.runs++;
      pruned.sessions += counts.sessions;
      pruned.verificationTokens += counts.verificationTokens;
      pruned.rateLimits += counts.rateLimits;
    },
  },
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: (/** @type {Record<string, unknown>} */ c) =>
        c.password === PASSWORD && typeof c.username === "string"
          ? { id: c.username, name: c.username, email: `${c.username}@soak.test` }
          : null,
    }),
    Email({
      from: "auth@soak.test",
      maxAge: lifetime,
      sendVerificationRequest: (/** @type {{ identifier: string, url: string }} */ params) => {
        if (params.identifier.endsWith(CLICK_DOMAIN)) links.set(params.identifier, params.url);
      },
    }),
  ],
};

const app = express();
// The workload sends X-Forwarded-For from many addresses through loopback, as a proxy would.
app.set("trust proxy", "loopback");
app.get("/soak/link", (req, res) => {
  const email = String(req.query.email);
  const url = links.get(email);
  links.delete(email);
  if (url) res.json({ url });
  else res.status(404).json({ url: null });
});
app.use("/auth", ExpressAuth(config));

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

/** What only this process can see: event-loop delay since the last sample, memory-store rows. */
async function sample() {
  const eventLoop = {
    p50Ms: delay.percentile(50) / 1e6,
    p99Ms: delay.percentile(99) / 1e6,
    maxMs: delay.max / 1e6,
  };
  delay.reset();
  const now = Date.now();
  const rows = database
    ? null
    : {
        verification_token: tokens.size,
        expired: tokens.expiredAt(now),
        oldestExpiredS: tokens.oldestExpiredAgeS(now),
      };
  return { eventLoop, rows, pruned: { ...pruned }, links: links.size };
}

process.on("message", (/** @type {{ type?: string, id?: number }} */ message) => {
  if (message?.type !== "sample") return;
  sample().then((answer) => process.send?.({ type: "sample", id: message.id, ...answer }));
});

const { serve } = await import("../apps/serve.mjs");
serve(app);
