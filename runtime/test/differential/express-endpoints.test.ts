/**
 * Each endpoint against `@auth/express` and our `ExpressAuth` in the same process, on real
 * servers: status, headers, cookie names and attributes and bodies must be the same, except
 * where `deviations.ts` says why not.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectSame } from "./deviations.js";
import { scenarios } from "./endpoint-scenarios.js";
import { browser, errorLog, logged, observe, startServers } from "./servers.js";

let servers: Awaited<ReturnType<typeof startServers>>;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(() => servers.close());

describe("Express endpoints against @auth/express", () => {
  it.each(Object.entries(scenarios))("%s", async (name, scenario) => {
    logged.ours.length = 0;
    logged.authJs.length = 0;
    const theirs = await observe(await scenario(browser(servers.authJs)), servers.authJs);
    const mine = await observe(await scenario(browser(servers.ours)), servers.ours);
    expectSame(
      `express ${name}`,
      { ...mine, logged: errorLog(logged.ours) },
      {
        ...theirs,
        logged: errorLog(logged.authJs),
      },
    );
  });
});
