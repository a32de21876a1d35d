/**
 * The fault rig (three Express instances on one PostgreSQL, harness.ts) with
 * `postgresDatabase({ sessionCache })` on: what the cache must not change. A sign-out on one
 * instance ends the session on the others (within the time a NOTIFY takes; polled, 5 s at most),
 * and a database outage still answers 503 on an instance that had the session in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Rig, startRig, type Visitor } from "./harness.js";

const COOKIE = "authjs.session-token";

/** Polls `check` every 100 ms until it holds; fails after 5 s. */
async function within5s(check: () => Promise<boolean>, what: string) {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The same browser (its session cookie) pinned to `instance`. */
function sameBrowserOn(rig: Rig, from: Visitor, instance: number): Visitor {
  const visitor = rig.visitor(instance);
  visitor.jar.set(COOKIE, from.jar.get(COOKIE)!);
  return visitor;
}

describe("three instances with the session cache on", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig({ bounds: "short", framework: "express", sessionCache: true });
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
  }, 60_000);

  it("a sign-out on one instance ends the session on the other two", async () => {
    const browser = rig.visitor(0);
    expect(await browser.emailSignIn("revoked@mail.test")).toBe(true);
    const elsewhere = [1, 2].map((instance) => sameBrowserOn(rig, browser, instance));
    // Read twice on each: the second read can come from memory.
    for (const visitor of elsewhere) {
      for (let read = 0; read < 2; read++) {
        expect(await visitor.sessionState()).toEqual({ status: 200, user: "revoked@mail.test" });
      }
    }
    const csrfToken = await browser.csrfToken();
    const signedOut = await browser.request("/auth/signout", { form: { csrfToken } });
    expect(signedOut.status).toBe(302);
    for (const visitor of elsewhere) {
      await within5s(
        async () => (await visitor.sessionState()).user === undefined,
        "the session ends on another instance",
      );
    }
  });

  it("the database down answers 503 on an instance that had the session in memory, then recovers", async () => {
    const browser = rig.visitor(1);
    expect(await browser.emailSignIn("outage@mail.test")).toBe(true);
    for (let read = 0; read < 2; read++) {
      expect(await browser.sessionState()).toEqual({ status: 200, user: "outage@mail.test" });
    }
    await rig.proxies.postgres.set("refuse");
    try {
      await within5s(
        async () => (await browser.sessionState()).status === 503,
        "a read answers 503 while the database is down",
      );
      // From then on, never the remembered session while it is down.
      for (let read = 0; read < 3; read++) {
        expect((await browser.sessionState()).status).toBe(503);
      }
    } finally {
      await rig.proxies.postgres.set("pass");
    }
    await within5s(
      async () => (await browser.sessionState()).user === "outage@mail.test",
      "the session reads again",
    );
  });
});
