/**
 * The app each instance of the fault suite runs (written to a folder inside the repository, so
 * `@create-auth/runtime` resolves to the workspace package built by the test run's global set-up).
 * Every dependency is reached through a fault proxy whose address comes from the environment:
 * database sessions in PostgreSQL, the Redis rate limiter, an email provider on a real SMTP
 * server, an OpenID provider whose token endpoint is proxied, and credentials. `BOUNDS=short`
 * tightens the runtime's time bounds (the short profile); otherwise the documented defaults hold.
 */
export const faultApp = `import express from "express";
import { ExpressAuth, requireAuth } from "@create-auth/runtime/express";
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
const app = express();
app.use("/auth", ExpressAuth(config));
app.get("/protected", requireAuth(config), (req, res) => res.json({ user: res.locals.session.user }));
app.use((error, req, res, next) => {
  const status = error && typeof error.retryAfter === "number" ? 503 : 500;
  res.status(status).json({ error: error && error.name });
});
const server = app.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
`;
