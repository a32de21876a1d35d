import { credentialsFlow, oidcFlow, passwordFlow, runFlows } from "./flows.mjs";
import { CookieJar, request } from "./http.mjs";
import { measureLoad } from "./load.mjs";
import { cpuMs } from "./processes.mjs";

/**
 * @typedef {import("./processes.mjs").Child} Child
 * @typedef {import("./compare.mjs").Step} Step
 */

/** The path each load scenario hits, and whether it carries a session cookie. */
const LOAD = {
  public: { path: "/public", signedIn: false },
  protected: { path: "/protected", signedIn: true },
  session: { path: "/auth/session", signedIn: true },
  csrf: { path: "/auth/csrf", signedIn: false },
  "db-protected": { path: "/protected", signedIn: true },
  "db-session": { path: "/auth/session", signedIn: true },
  "db-protected-cached": { path: "/protected", signedIn: true },
  "db-session-cached": { path: "/auth/session", signedIn: true },
};

const APPS = /** @type {const} */ (["ours", "theirs"]);

/**
 * Scenarios (1)–(4): throughput of one endpoint, for each app.
 *
 * @param {string[]} ids the selected load scenarios
 * @param {{ ours: Child, theirs: Child }} apps
 * @param {{ connections: number, seconds: number, warmUpSeconds: number,
 *   cookies: string[] }} settings
 * @returns {Step[]}
 */
export function loadSteps(ids, apps, settings) {
  return ids.flatMap((id) => {
    const { path, signedIn } = LOAD[/** @type {keyof typeof LOAD} */ (id)];
    return APPS.map((name) => ({
      scenario: id,
      app: name,
      run: (/** @type {boolean} */ warmUp) =>
        measureLoad(apps[name], {
          path,
          connections: settings.connections,
          seconds: warmUp ? settings.warmUpSeconds : settings.seconds,
          cookies: signedIn ? settings.cookies : undefined,
        }),
    }));
  });
}

/**
 * Scenarios (5) and (6): complete sign-ins per second, with the app's CPU per flow and, for
 * OpenID, the share of the app+OP CPU the OP used (if the OP dominates, the flows/s ratio
 * understates the difference between the libraries).
 *
 * @param {string[]} ids the selected flow scenarios
 * @param {{ ours: Child, theirs: Child }} apps
 * @param {Child} op
 * @param {{ flowWorkers: number, seconds: number, warmUpSeconds: number }} settings
 * @returns {Promise<Step[]>}
 */
export async function flowSteps(ids, apps, op, settings) {
  // One person's OP session, reused by every flow (see lib/op.mjs). It is made by one flow
  // before any concurrency: concurrent first sign-ins would overwrite each other's OP
  // interaction cookies in the shared jar.
  const opJar = new CookieJar();
  const isOidc = (/** @type {string} */ id) => id === "oidc" || id === "db-oidc";
  if (ids.some(isOidc)) await oidcFlow(apps.ours.url, opJar);
  return ids.flatMap((id) =>
    APPS.map((name) => ({
      scenario: id,
      app: name,
      run: async (/** @type {boolean} */ warmUp) => {
        const app = apps[name];
        const flow = isOidc(id) ? () => oidcFlow(app.url, opJar) : () => credentialsFlow(app.url);
        const [appBefore, opBefore] = await Promise.all([app.stats(), op.stats()]);
        const result = await runFlows(flow, {
          workers: settings.flowWorkers,
          durationMs: (warmUp ? settings.warmUpSeconds : settings.seconds) * 1000,
        });
        const [appAfter, opAfter] = await Promise.all([app.stats(), op.stats()]);
        const appCpu = cpuMs(appBefore, appAfter);
        const opCpu = cpuMs(opBefore, opAfter);
        return {
          ...result,
          cpuUsPerOp: (appCpu * 1000) / Math.max(result.completed, 1),
          ...(isOidc(id) ? { opCpuShare: opCpu / (opCpu + appCpu) } : {}),
        };
      },
    })),
  );
}

/**
 * Scenarios (10) and (11): on each framework app (ours only), its protected route, its bare
 * route (an `async` handler, like the protected one) and the bare route as a synchronous
 * handler, alternated like every load scenario so their ratios are paired by round.
 *
 * @param {string[]} ids the selected framework scenarios
 * @param {Record<string, Child>} apps by scenario id
 * @param {{ connections: number, seconds: number, warmUpSeconds: number,
 *   cookies: string[] }} settings
 * @returns {Step[]}
 */
export function frameworkSteps(ids, apps, settings) {
  return ids.flatMap((id) =>
    /** @type {const} */ ([
      ["protected", "/protected", settings.cookies],
      ["bare", "/public", undefined],
      ["bare-sync", "/public-sync", undefined],
    ])
      // Only the Fastify and Hono apps serve the synchronous twin (PGlite's app is Express's).
      .filter(([app]) => app !== "bare-sync" || id === "fastify" || id === "hono")
      .map(([app, path, cookies]) => ({
        scenario: id,
        app,
        run: (/** @type {boolean} */ warmUp) =>
          measureLoad(apps[id], {
            path,
            connections: settings.connections,
            seconds: warmUp ? settings.warmUpSeconds : settings.seconds,
            cookies,
          }),
      })),
  );
}

/** Concurrent password sign-ins (and hashes alone): the size of libuv's default thread pool. */
const PASSWORD_WORKERS = 4;

/**
 * Scenario (16): the password app's sign-ins (csrf → POST callback → session, each paying one
 * scrypt), and the hash alone in the same process (`POST /bench/scrypt`, as many at a time),
 * alternated by round so the two CPU figures are paired. Both run {@link PASSWORD_WORKERS} at
 * a time, not `flowWorkers`: scrypt runs in libuv's pool of 4 threads, so more concurrent
 * sign-ins would only queue (and time out on a busy machine) without adding throughput.
 *
 * @param {Child} app the password app (`PASSWORD_ACCOUNTS=1`)
 * @param {{ seconds: number, warmUpSeconds: number }} settings
 * @returns {Step[]}
 */
export function passwordSteps(app, settings) {
  const duration = (/** @type {boolean} */ warmUp) =>
    (warmUp ? settings.warmUpSeconds : settings.seconds) * 1000;
  return [
    {
      scenario: "password",
      app: "signin",
      run: async (warmUp) => {
        const before = await app.stats();
        const result = await runFlows(() => passwordFlow(app.url), {
          workers: PASSWORD_WORKERS,
          durationMs: duration(warmUp),
        });
        const cpu = cpuMs(before, await app.stats());
        return { ...result, cpuUsPerOp: (cpu * 1000) / Math.max(result.completed, 1) };
      },
    },
    {
      scenario: "password",
      app: "hash",
      run: async (warmUp) => {
        const query = `ms=${duration(warmUp)}&concurrency=${PASSWORD_WORKERS}`;
        // The answer comes when the last hash started in time is done: on a busy machine, a
        // hash at OWASP's parameters can take seconds.
        const reply = await request(`${app.url}/bench/scrypt?${query}`, {
          method: "POST",
          timeoutMs: duration(warmUp) + 300_000,
        });
        if (reply.status !== 200) throw new Error(`scrypt: ${reply.status} ${reply.body}`);
        return { ...JSON.parse(reply.body), failed: 0 };
      },
    },
  ];
}
