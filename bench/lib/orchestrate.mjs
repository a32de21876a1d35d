import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runCliInit } from "./cli-init.mjs";
import { runColdStart } from "./cold-start.mjs";
import {
  alternate,
  frameworkResult,
  pairedRatio,
  passwordResult,
  scenarioResult,
} from "./compare.mjs";
import { createSessionDatabase, sessionCookie, sessionTokens } from "./database.mjs";
import { passwordSignUp } from "./flows.mjs";
import { request } from "./http.mjs";
import { runMemory } from "./memory.mjs";
import { freePort, startChild } from "./processes.mjs";
import { buildReport, machineInfo } from "./report.mjs";
import { SCENARIOS } from "./scenario-list.mjs";
import { flowSteps, frameworkSteps, loadSteps, passwordSteps } from "./scenarios.mjs";
import { OIDC_ID } from "./shared.mjs";
import { round } from "./stats.mjs";
import { mintSessionCookies } from "./tokens.mjs";

/**
 * How long and how hard to measure (`run.mjs` has the full and quick sets).
 * @typedef {{ connections: number, seconds: number, warmUpSeconds: number, rounds: number,
 *   flowWorkers: number, coldRuns: number, cliRuns: number, memoryRounds: number,
 *   reads: number, usersPerRound: number, cookiePool: number }} Settings
 */

/**
 * Fails before anything is measured unless both apps read the same minted session: a
 * benchmark of two apps that answer 401 would only measure their error paths.
 */
async function checkApps(
  /** @type {import("./processes.mjs").Child[]} */ apps,
  /** @type {string} */ cookie,
) {
  for (const app of apps) {
    const reply = await request(`${app.url}/protected`, { headers: { cookie } });
    if (reply.status !== 200 || !JSON.parse(reply.body).ok) {
      throw new Error(
        `${app.name} does not accept the shared session: ${reply.status} ${reply.body}\n${app.output()}`,
      );
    }
  }
}

/**
 * Starts the OP and both apps (each in its own process), runs the selected scenarios in the
 * issue's order, stops every process it started, and returns the report.
 *
 * @param {{ root: string, settings: Settings, selected: (id: string) => boolean,
 *   log: (line: string) => void }} options
 */
export async function runBenchmarks({ root, settings, selected, log }) {
  const files = {
    ours: join(root, "bench/apps/ours.mjs"),
    theirs: join(root, "bench/apps/theirs.mjs"),
  };
  const [opPort, oursPort, theirsPort, dbOursPort, dbTheirsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const issuer = `http://127.0.0.1:${opPort}`;
  const callback = (/** @type {number} */ port) =>
    `http://127.0.0.1:${port}/auth/callback/${OIDC_ID}`;
  const env = { OP_ISSUER: issuer, NODE_ENV: "production" };
  /** @type {import("./processes.mjs").Child[]} */
  const started = [];
  const start = async (/** @type {Parameters<typeof startChild>} */ ...args) => {
    const child = await startChild(...args);
    started.push(child);
    return child;
  };
  /** @type {Record<string, any>} */
  const results = {};
  const machine = machineInfo(root);
  try {
    const op = await start("op", join(root, "bench/apps/op.mjs"), {
      NODE_ENV: "production",
      PORT: String(opPort),
      REDIRECT_URIS: [oursPort, theirsPort, dbOursPort, dbTheirsPort].map(callback).join(","),
    });
    const apps = {
      ours: await start("ours", files.ours, { ...env, PORT: String(oursPort) }),
      theirs: await start("theirs", files.theirs, { ...env, PORT: String(theirsPort) }),
    };
    const cookies = await mintSessionCookies(settings.cookiePool);
    await checkApps([apps.ours, apps.theirs], cookies[0]);
    const common = { ...settings, cookies, log };

    const ids = (/** @type {string} */ kind) =>
      SCENARIOS.filter((s) => s.kind === kind && selected(s.id)).map((s) => s.id);
    const heading = (/** @type {string[]} */ list) =>
      log(
        SCENARIOS.filter((s) => list.includes(s.id))
          .map((s) => `(${s.n}) ${s.title}`)
          .join("; "),
      );

    if (ids("load").length) {
      heading(ids("load"));
      const samples = await alternate(loadSteps(ids("load"), apps, common), common);
      for (const id of ids("load")) results[id] = scenarioResult(samples, id);
      if (results.public && results.protected) {
        const rates = (/** @type {string} */ key) =>
          (samples.get(key) ?? []).map((sample) => sample.perSecond);
        // Target (2) compares two scenarios of one app: paired by round, like ours/theirs.
        results.protected.oursVsCeiling = pairedRatio(
          rates("protected/ours"),
          rates("public/ours"),
        );
        results.protected.theirsVsCeiling = pairedRatio(
          rates("protected/theirs"),
          rates("public/theirs"),
        );
      }
    }
    if (ids("flow").length) {
      heading(ids("flow"));
      const samples = await alternate(await flowSteps(ids("flow"), apps, op, common), common);
      for (const id of ids("flow")) results[id] = scenarioResult(samples, id);
    }
    if (ids("framework").length) {
      heading(ids("framework"));
      /** @type {Record<string, import("./processes.mjs").Child>} */
      const frameworks = {};
      for (const id of ids("framework")) {
        frameworks[id] = await start(id, join(root, "bench/apps/frameworks.mjs"), {
          ...env,
          FRAMEWORK: id,
          PORT: String(await freePort()),
        });
      }
      await checkApps(Object.values(frameworks), cookies[0]);
      const samples = await alternate(frameworkSteps(ids("framework"), frameworks, common), common);
      for (const id of ids("framework")) results[id] = frameworkResult(samples, id);
    }
    if (ids("database").length || selected("pglite")) {
      heading([...ids("database"), ...ids("pglite")]);
      const tokens = sessionTokens(settings.cookiePool);
      const dbCookies = tokens.map(sessionCookie);
      const database = await createSessionDatabase(tokens);
      try {
        const dbCommon = { ...common, cookies: dbCookies };
        if (ids("database").length) {
          const dbEnv = { ...env, SESSION_STORE: "postgres", DATABASE_URL: database.url };
          const dbApps = {
            ours: await start("ours (PostgreSQL)", files.ours, {
              ...dbEnv,
              PORT: String(dbOursPort),
            }),
            theirs: await start("theirs (PostgreSQL)", files.theirs, {
              ...dbEnv,
              PORT: String(dbTheirsPort),
            }),
          };
          const cachedIds = ids("database").filter((id) => id.endsWith("-cached"));
          // Ours again with the session cache on, measured against the same Auth.js app.
          const cached = cachedIds.length
            ? await start("ours (PostgreSQL, sessionCache)", files.ours, {
                ...dbEnv,
                SESSION_CACHE: "on",
                PORT: String(await freePort()),
              })
            : undefined;
          await checkApps([dbApps.ours, dbApps.theirs, ...(cached ? [cached] : [])], dbCookies[0]);
          const loads = ids("database").filter((id) => id !== "db-oidc" && !cachedIds.includes(id));
          const flows = ids("database").filter((id) => id === "db-oidc");
          const samples = await alternate(
            [
              ...loadSteps(loads, dbApps, dbCommon),
              ...(cached ? loadSteps(cachedIds, { ...dbApps, ours: cached }, dbCommon) : []),
              ...(await flowSteps(flows, dbApps, op, dbCommon)),
            ],
            dbCommon,
          );
          for (const id of ids("database")) results[id] = scenarioResult(samples, id);
          await Promise.all([dbApps.ours.stop(), dbApps.theirs.stop(), cached?.stop()]);
        }
        if (selected("pglite")) {
          const dir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
          try {
            const pglite = await start(
              "ours (PGlite)",
              files.ours,
              {
                ...env,
                SESSION_STORE: "pglite",
                PGLITE_DIR: dir,
                BENCH_TOKENS: JSON.stringify(tokens),
                PORT: String(await freePort()),
                // A new PGlite data folder takes seconds to open, many more on a busy machine.
              },
              300_000,
            );
            await checkApps([pglite], dbCookies[0]);
            const samples = await alternate(
              frameworkSteps(["pglite"], { pglite }, dbCommon),
              dbCommon,
            );
            results.pglite = frameworkResult(samples, "pglite");
            await pglite.stop();
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        }
      } finally {
        await database.drop();
      }
    }
    if (selected("password")) {
      heading(["password"]);
      const app = await start("ours (password)", files.ours, {
        ...env,
        PASSWORD_ACCOUNTS: "1",
        PORT: String(await freePort()),
      });
      await passwordSignUp(app.url);
      const samples = await alternate(passwordSteps(app, common), common);
      results.password = passwordResult(samples);
      await app.stop();
    }
    if (selected("cold-start")) {
      heading(["cold-start"]);
      results["cold-start"] = await runColdStart(files, { ...common, cookie: cookies[0], env });
    }
    if (selected("cli-init")) {
      heading(["cli-init"]);
      results["cli-init"] = await runCliInit(root, common);
    }
    if (selected("memory")) {
      heading(["memory"]);
      // A fresh process per app: growth must come from the reads, not from earlier scenarios.
      // The target judges ours; @auth/express's figures are there to compare.
      const measured = {};
      for (const side of /** @type {const} */ (["ours", "theirs"])) {
        const fresh = await start(`${side} (memory)`, files[side], { ...env, PORT: "0" });
        measured[side] = await runMemory(fresh, common);
        await fresh.stop();
      }
      results.memory = { ...measured, flat: measured.ours.flat };
    }
  } finally {
    await Promise.all(started.map((child) => child.stop()));
  }

  // With the start's, this shows how busy the machine was (other sessions' tests and builds).
  const end = loadavg().map((value) => round(value, 2));
  return buildReport({ machine: { ...machine, loadAverageAtEnd: end }, settings, results });
}
