/**
 * What every scenario is, in the issue's numbering (10 and 11 are issue 16's). `kind` picks how
 * it is run: `load` (autocannon on one path), `flow` (complete sign-ins), `framework` (ours on
 * another framework: its protected route against its bare route, no Auth.js side), `database`
 * (loads and flows on database sessions in PostgreSQL, both libraries), `pglite` (ours on
 * embedded PGlite, protected route against the bare one), `password` (ours: password sign-ins
 * against the hash alone), or a special measurement of its own. `better` says which way the ours/theirs ratio should go.
 */
export const SCENARIOS = [
  { id: "public", n: 1, title: "unprotected route (ceiling)", unit: "req/s", kind: "load" },
  { id: "protected", n: 2, title: "route protected by getSession", unit: "req/s", kind: "load" },
  { id: "session", n: 3, title: "GET /auth/session (valid cookie)", unit: "req/s", kind: "load" },
  { id: "csrf", n: 4, title: "GET /auth/csrf", unit: "req/s", kind: "load" },
  { id: "credentials", n: 5, title: "credentials sign-in flows", unit: "flows/s", kind: "flow" },
  { id: "oidc", n: 6, title: "OpenID sign-in flows (local OP)", unit: "flows/s", kind: "flow" },
  { id: "cold-start", n: 7, title: "cold start to first /auth/session", unit: "ms", kind: "cold" },
  { id: "cli-init", n: 8, title: "create-auth init --dry-run", unit: "ms", kind: "cli" },
  {
    id: "memory",
    n: 9,
    title: "RSS growth, rounds of 100k getSession",
    unit: "MiB",
    kind: "memory",
  },
  {
    id: "fastify",
    n: 10,
    title: "Fastify 5: route protected by getSession",
    unit: "req/s",
    kind: "framework",
  },
  {
    id: "hono",
    n: 11,
    title: "Hono: route protected by getSession",
    unit: "req/s",
    kind: "framework",
  },
  {
    id: "db-protected",
    n: 12,
    title: "database sessions on PostgreSQL: route protected by getSession",
    unit: "req/s",
    kind: "database",
  },
  {
    id: "db-session",
    n: 13,
    title: "database sessions on PostgreSQL: GET /auth/session",
    unit: "req/s",
    kind: "database",
  },
  // Rows 12 and 13 with `postgresDatabase({ sessionCache: true })` on our side (Auth.js unchanged).
  {
    id: "db-protected-cached",
    n: "12c",
    title: "database sessions on PostgreSQL, our sessionCache on: route protected by getSession",
    unit: "req/s",
    kind: "database",
  },
  {
    id: "db-session-cached",
    n: "13c",
    title: "database sessions on PostgreSQL, our sessionCache on: GET /auth/session",
    unit: "req/s",
    kind: "database",
  },
  {
    id: "db-oidc",
    n: 14,
    title: "database sessions on PostgreSQL: OpenID sign-in flows",
    unit: "flows/s",
    kind: "database",
  },
  {
    id: "pglite",
    n: 15,
    title: "database sessions on embedded PGlite: route protected by getSession",
    unit: "req/s",
    kind: "pglite",
  },
  {
    id: "password",
    n: 16,
    title: "password sign-ins (scrypt at OWASP's parameters)",
    unit: "sign-ins/s",
    kind: "password",
  },
].map((scenario) => ({ ...scenario, better: scenario.unit.endsWith("/s") ? "higher" : "lower" }));
