/**
 * The fault suite (docs/operations.md, "Fault suite"): for Express and for SolidStart (its
 * handlers, see app.ts), three instances behind a round-robin balancer, each dependency behind a TCP fault proxy (see harness.ts). For each
 * scenario (a dependency × a fault): a visitor signs in before the fault; during it, that visitor
 * reads its session and a protected route while newcomers sign in with credentials, an email link
 * and the OpenID provider; then the fault ends. Asserted: every request settles (no hang up to the
 * harness's 15 s cap), within 5 s of the fault's end the dependency works again without a restart,
 * no session made before the fault is lost, no sign-in link signs in twice, no user is duplicated.
 * Latencies and recovery times are recorded and printed, never asserted.
 *
 * `FAULTS_PROFILE=short` (the default, part of `npm test`) runs the most telling scenarios with
 * tightened bounds; `full` (`npm run test:faults`) runs every dependency × mode on the runtime's
 * documented default bounds.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as errors from "../../src/errors.js";
import type { CapturedMail } from "../email/smtp.js";
import type { FaultProxy } from "../support/fault-proxy.js";
import type { FaultFramework } from "./app.js";
import { type Dependency, type Rig, startRig } from "./harness.js";

type Mode = "refuse" | "slow" | "stall" | "half-open" | "flap";
const profile = process.env.FAULTS_PROFILE === "full" ? "full" : "short";
/** Issue 18's "Done when": after a fault ends, a request succeeds within 5 s, without a restart. */
const RECOVERY_MS = 5_000;
/** How long recovery is polled for, so a miss is measured rather than cut off. */
const POLL_LIMIT_MS = 20_000;

const dependencies: Dependency[] = ["postgres", "redis", "smtp", "op"];
const modes: Mode[] = ["refuse", "slow", "stall", "half-open", "flap"];
const frameworks: FaultFramework[] = ["express", "solid-start"];
/** The short profile: the most telling scenarios, per framework. */
const shortScenarios: Record<FaultFramework, [Dependency, Mode][]> = {
  express: [
    ["postgres", "stall"],
    ["postgres", "refuse"],
    ["redis", "stall"],
    ["smtp", "stall"],
    ["op", "stall"],
  ],
  "solid-start": [
    ["postgres", "refuse"],
    ["postgres", "stall"],
    ["postgres", "half-open"],
    ["op", "refuse"],
    ["op", "stall"],
    ["op", "half-open"],
  ],
};
const scenariosFor = (framework: FaultFramework): [Dependency, Mode][] =>
  profile === "full"
    ? dependencies.flatMap((dependency) =>
        modes.map((mode): [Dependency, Mode] => [dependency, mode]),
      )
    : shortScenarios[framework];

/**
 * Issue 18's "tell the truth" (branch `truth`): while the session store fails, `/auth/session`
 * answers 503 instead of `200 null` and `requireAuth` 503 instead of 401. Asserted only once the
 * runtime has that feature (its typed error exists).
 */
const sessionStoreTellsTheTruth = "SessionStoreUnavailable" in errors;

/** What one scenario measured (printed at the end, and written to .tmp/ for the docs' table). */
interface Outcome {
  framework: FaultFramework;
  dependency: Dependency;
  mode: Mode;
  during: Record<string, number>;
  maxDuringMs: number;
  recoveryMs: number | null;
  /** Recovery on each instance (null: not within the poll). */
  perInstance: (number | null)[];
  /** What the visitor signed in before the fault got from `/auth/session` during it. */
  session?: { status: number; user?: string };
  /** Which sign-ins started during the fault succeeded (the email one: the link was sent). */
  signIns?: Record<string, boolean | undefined>;
  /** Connections the dependency's proxy accepted by the end of the scenario. */
  accepted: number;
}

/**
 * Puts the fault in place; resolves to the function that ends it. `half-open` stalls the
 * connections while nobody uses them and ends the fault before any probe: the probes then meet
 * pooled connections whose peer went silent. `flap` alternates refuse and pass until it ends.
 */
async function inject(proxy: FaultProxy, mode: Mode): Promise<() => Promise<void>> {
  if (mode === "flap") {
    let on = true;
    let flipping = Promise.resolve();
    const timer = setInterval(() => {
      on = !on;
      flipping = flipping.then(() => proxy.set(on ? "refuse" : "pass"));
    }, 300);
    await proxy.set("refuse");
    return async () => {
      clearInterval(timer);
      await flipping;
      await proxy.set("pass");
    };
  }
  if (mode === "half-open") {
    await proxy.set("stall");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await proxy.set("pass");
    return async () => {};
  }
  await proxy.set(mode, mode === "slow" ? { delayMs: 1_000 } : undefined);
  return () => proxy.set("pass");
}

/**
 * Polls `attempt` until it holds, for up to {@link POLL_LIMIT_MS}; the time from `since` to the
 * end of the first success, or null if none came.
 */
async function recoveryTime(since: number, attempt: () => Promise<boolean>) {
  while (Date.now() - since < POLL_LIMIT_MS) {
    if (await attempt()) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

describe.each(frameworks)(`fault suite (${profile}, %s)`, (framework) => {
  let rig: Rig;
  const outcomes: Outcome[] = [];
  beforeAll(async () => {
    rig = await startRig({ bounds: profile === "full" ? "defaults" : "short", framework });
  }, 120_000);

  afterAll(async () => {
    if (outcomes.length) {
      const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
      mkdirSync(join(root, ".tmp"), { recursive: true });
      writeFileSync(
        join(root, ".tmp", `faults-${profile}-${framework}.json`),
        JSON.stringify({ profile, framework, outcomes, samples: rig.samples }, null, 2),
      );
      console.log(
        outcomes
          .map(
            (o) =>
              `${framework} ${o.dependency} ${o.mode}: during ${JSON.stringify(o.during)} session ${JSON.stringify(o.session)} sign-ins ${JSON.stringify(o.signIns)} accepted ${o.accepted}, slowest ${o.maxDuringMs} ms, recovered in ${JSON.stringify(o.perInstance)} ms`,
          )
          .join("\n"),
      );
    }
    await rig?.close();
  }, 60_000);

  describe.each(scenariosFor(framework))("%s %s", (dependency, mode) => {
    const id = `${dependency}-${mode}`;

    it("every request settles, the dependency works again within 5 s, no data is lost", async () => {
      rig.label = `${id} before`;
      // Signed in by email: a database session (a credentials sign-in is a JWT whatever the strategy).
      const resident = rig.visitor();
      const residentEmail = `resident-${id}@mail.test`;
      expect(await resident.emailSignIn(residentEmail)).toBe(true);
      expect((await resident.sessionState()).user).toBe(residentEmail);
      const stored = await rig.pool.query(
        `SELECT count(*)::int AS n FROM sessions JOIN users ON users.id = sessions."userId" WHERE users.email = $1`,
        [residentEmail],
      );
      expect(stored.rows[0].n).toBe(1);
      // An OpenID user who exists before the fault: a sign-in during or after it must not duplicate it.
      expect(await rig.visitor().openId()).toBe(true);

      const end = await inject(rig.proxies[dependency], mode);
      rig.label = `${id} during`;
      const linkEmail = `${id}@mail.test`;
      const [session, protectedStatus, credentials, emailLink, openId] =
        mode === "half-open"
          ? []
          : await Promise.all([
              resident.sessionState(),
              resident.request("/protected").then((response) => response.status),
              rig.visitor().credentials(`newcomer-${id}`),
              rig.visitor().requestLink(linkEmail),
              rig.visitor().openId(),
            ]);
      await end();
      const ended = Date.now();

      const during = rig.samples.filter((sample) => sample.label === `${id} during`);
      // Bounded: every request got an answer (the harness records 0 for none within its cap).
      expect(during.filter((sample) => sample.status === 0)).toEqual([]);
      const signIns = { credentials, emailLink, openId };
      if (session && dependency !== "postgres") {
        // Only the session store holds sessions: other dependencies never touch a signed-in user.
        expect(session).toEqual({ status: 200, user: residentEmail });
        expect(protectedStatus).toBe(200);
        // A sign-in that does not need the faulted dependency goes through (the rate limiter
        // counts credentials and email sign-ins only).
        if (dependency === "redis") expect(signIns.openId).toBe(true);
        if (dependency === "smtp")
          expect([signIns.credentials, signIns.openId]).toEqual([true, true]);
        if (dependency === "op")
          expect([signIns.credentials, signIns.emailLink]).toEqual([true, true]);
      }
      if (session && dependency === "postgres" && sessionStoreTellsTheTruth) {
        // The session store fails: a signed-in user is never told they are signed out.
        expect([200, 503]).toContain(session.status);
        if (session.status === 200) expect(session.user).toBe(residentEmail);
        expect([200, 503]).toContain(protectedStatus);
      }

      // Recovery, on each instance: the resident's session reads, and a sign-in through the
      // faulted dependency succeeds.
      rig.label = `${id} after`;
      const perInstance = await Promise.all(
        [0, 1, 2].map((instance) => {
          const residentHere = rig.visitor(instance);
          for (const [name, value] of resident.jar) residentHere.jar.set(name, value);
          let attempt = 0;
          return recoveryTime(ended, async () => {
            const newcomer = rig.visitor(instance);
            const name = `recovered-${id}-${instance}-${attempt++}`;
            if ((await residentHere.sessionState()).user !== residentEmail) return false;
            switch (dependency) {
              case "postgres":
                return newcomer.emailSignIn(`${name}@mail.test`);
              case "redis":
                return newcomer.credentials(name);
              case "smtp":
                return (
                  (await newcomer.requestLink(`${name}@mail.test`)) &&
                  (await rig.mailTo(`${name}@mail.test`, 2_000)) !== undefined
                );
              case "op":
                return newcomer.openId();
            }
          });
        }),
      );
      const recoveryMs = perInstance.includes(null)
        ? null
        : Math.max(...perInstance.map((ms) => ms ?? 0));
      outcomes.push({
        framework,
        dependency,
        mode,
        during: countBy(during.map((sample) => `${sample.path} ${sample.status}`)),
        maxDuringMs: Math.max(0, ...during.map((sample) => sample.ms)),
        recoveryMs,
        perInstance,
        session,
        signIns: session ? signIns : undefined,
        accepted: rig.proxies[dependency].accepted,
      });
      expect(
        perInstance.every((ms) => ms !== null && ms <= RECOVERY_MS),
        `${id}: on each instance, a request succeeds within ${RECOVERY_MS} ms of the fault's end; measured ${JSON.stringify(perInstance)} ms`,
      ).toBe(true);

      // Every flow works after the fault, on every instance.
      for (const instance of [0, 1, 2]) {
        const after = rig.visitor(instance);
        expect(await after.credentials(`after-${id}-${instance}`)).toBe(true);
        expect(await after.openId()).toBe(true);
        expect(await after.emailSignIn(`after-${id}-${instance}@mail.test`)).toBe(true);
      }
      expect((await resident.sessionState()).user).toBe(residentEmail);

      // Sign-in links: one sent now signs in once; any sent during the fault never signs in twice.
      const fresh = rig.visitor();
      expect(await fresh.requestLink(linkEmail)).toBe(true);
      const mails = [await rig.mailTo(linkEmail), await rig.mailTo(linkEmail, 500)].filter(
        (mail) => mail !== undefined,
      );
      expect(mails.length).toBeGreaterThan(0);
      const firstVisits = [];
      for (const mail of mails) firstVisits.push(await clickTwice(rig, mail));
      expect(firstVisits.at(-1), "the link sent after the fault signs in").toBe(true);

      // No user twice: one row per email address, one per OpenID account.
      const duplicates = await rig.pool.query(
        "SELECT email, count(*)::int AS n FROM users WHERE email IS NOT NULL GROUP BY email HAVING count(*) > 1",
      );
      expect(duplicates.rows).toEqual([]);
      const openIdUsers = await rig.pool.query(
        `SELECT count(DISTINCT "userId")::int AS n FROM accounts WHERE provider = 'mock'`,
      );
      expect(openIdUsers.rows[0].n).toBe(1);
    }, 180_000);
  });
});

/** A link signs in at most once: a second visit (from another browser) never does. */
async function clickTwice(rig: Rig, mail: CapturedMail): Promise<boolean> {
  const first = await rig.visitor().visitLink(mail);
  expect(await rig.visitor().visitLink(mail), "a second visit of the same link").toBe(false);
  return first;
}

/** How many times each value occurs. */
function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
