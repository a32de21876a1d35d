import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { PasswordMailParams } from "../../src/providers/types.js";
import { type HttpTestClient, setCookies, testConfig } from "../helpers.js";
import {
  confirmedAccount,
  forgot,
  outboxPassword,
  post,
  signIn,
  signUp,
} from "../password/support.js";
import { type Served, serve } from "./server.js";

// Which addresses have an account must not be learnt from the password forms: not from the
// status, the Location, the body or the cookies of sign-in, sign-up and reset requests, nor from
// how long they take.

const KNOWN = "known@example.com";
const PROVIDER_ONLY = "github-user@example.com";

/** What an attacker sees of a response: everything but the values of cookies and CSRF tokens. */
async function observable(response: Response) {
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
    cookies: setCookies(response)
      .map(
        (cookie) =>
          `${cookie.name} ${JSON.stringify(cookie.attributes)} ${cookie.value === "" ? "cleared" : "set"}`,
      )
      .sort(),
  };
}

describe("no account enumeration by status, body or cookies", () => {
  const mail = outboxPassword();
  const adapter = memoryAdapter();
  let server: Served;
  beforeAll(async () => {
    server = await serve(
      testConfig({ adapter, session: { strategy: "database" }, providers: [mail.provider] }),
    );
    await confirmedAccount(server.client(), mail, KNOWN, "known user passphrase");
    await adapter.createUser({ id: "gh", email: PROVIDER_ONLY, emailVerified: new Date() });
    await mail.pending();
  });
  afterAll(() => server.close());

  const fresh = () => server.client();

  it("sign-in: an unknown address, a wrong password and a user without a password look the same", async () => {
    const answers = [
      await observable(await signIn(fresh(), "nobody@example.com", "some passphrase")),
      await observable(await signIn(fresh(), KNOWN, "wrong passphrase")),
      await observable(await signIn(fresh(), PROVIDER_ONLY, "some passphrase")),
    ];
    expect(answers[0]!.location).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=credentials`,
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("sign-up: a new address, an existing account and a provider-only user look the same", async () => {
    const answers = [
      await observable(await signUp(fresh(), "newcomer@example.com", "newcomer passphrase")),
      await observable(await signUp(fresh(), KNOWN, "newcomer passphrase")),
      await observable(await signUp(fresh(), PROVIDER_ONLY, "newcomer passphrase")),
    ];
    expect(answers[0]!.location).toBe(
      `${server.origin}/auth/verify-request?provider=password&type=signup`,
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The owners learn of it by mail; the one asking does not.
    const sent = await mail.pending();
    expect(sent.map((m: PasswordMailParams) => [m.kind, m.identifier]).sort()).toEqual([
      ["exists", PROVIDER_ONLY],
      ["exists", KNOWN],
      ["verify", "newcomer@example.com"],
    ]);
    // Nobody's password was set on the existing accounts.
    const known = await adapter.getUserByEmail(KNOWN);
    expect((await adapter.getPasswordCredential(known!.id))?.version).toBe(1);
    expect(await adapter.getPasswordCredential("gh")).toBeNull();
  });

  it("reset request: a known and an unknown address look the same (the page says 'if an account uses')", async () => {
    const known = await forgot(fresh(), KNOWN);
    const unknown = await forgot(fresh(), "nobody@example.com");
    expect(await observable(unknown)).toEqual(await observable(known));
    const client = fresh();
    await forgot(client, "nobody@example.com");
    const page = await client.request("/auth/verify-request?provider=password&type=reset");
    expect(await page.text()).toContain("If an account uses <strong>nobody@example.com</strong>");
    expect((await mail.pending()).map((m) => m.identifier)).toEqual([KNOWN]);
  });
});

/**
 * Interleaved requests (known, unknown, known, …) so that load from the rest of the machine falls
 * on both alike; the medians are compared as a ratio. Real scrypt work (N = 2^14) makes a missing
 * dummy hash show as a ratio of several times, far outside the band; noise stays inside it.
 */
async function medians(
  samples: number,
  known: () => Promise<unknown>,
  unknown: () => Promise<unknown>,
) {
  const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
  const time = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    const elapsed = performance.now() - start;
    // Work a request leaves for after its answer (a mail sent in the background) ends before
    // the next request is timed: each is measured alone, not with its predecessor's tail.
    await new Promise((resolve) => setTimeout(resolve, 15));
    return elapsed;
  };
  await known();
  await unknown();
  for (let i = 0; i < samples; i++) {
    // Alternate which goes first, so neither always follows the other's garbage collection.
    if (i % 2 === 0) {
      times.known.push(await time(known));
      times.unknown.push(await time(unknown));
    } else {
      times.unknown.push(await time(unknown));
      times.known.push(await time(known));
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { known: median(times.known), unknown: median(times.unknown) };
}

describe("no account enumeration by timing", () => {
  const mail = outboxPassword({ hash: { N: 2 ** 14, r: 8, p: 1 } });
  let server: Served;
  let client: HttpTestClient;
  let csrfToken: string;
  beforeAll(async () => {
    server = await serve(
      testConfig({
        adapter: memoryAdapter(),
        session: { strategy: "database" },
        providers: [mail.provider],
      }),
    );
    await confirmedAccount(server.client(), mail, KNOWN, "known user passphrase");
    client = server.client();
    csrfToken = await client.csrfToken();
  });
  afterAll(() => server.close());

  const attempt = (path: string, form: Record<string, string>) => () =>
    client.request(path, { form: { ...form, csrfToken } });

  it("sign-in takes as long for an unknown address as for a known one with a wrong password", async () => {
    const result = await medians(
      15,
      attempt("/auth/callback/password", { email: KNOWN, password: "wrong passphrase" }),
      attempt("/auth/callback/password", {
        email: "nobody@example.com",
        password: "wrong passphrase",
      }),
    );
    const ratio = result.unknown / result.known;
    expect(ratio, JSON.stringify(result)).toBeGreaterThan(0.6);
    expect(ratio, JSON.stringify(result)).toBeLessThan(1 / 0.6);
  });

  it("a reset request takes as long for an unknown address as for a known one", async () => {
    const result = await medians(
      25,
      attempt("/auth/password/forgot", { email: KNOWN }),
      attempt("/auth/password/forgot", { email: "nobody@example.com" }),
    );
    const ratio = result.unknown / result.known;
    expect(ratio, JSON.stringify(result)).toBeGreaterThan(0.5);
    expect(ratio, JSON.stringify(result)).toBeLessThan(2);
  });

  it("the band can fail: a request that hashes nothing is far faster than one that does", async () => {
    const result = await medians(
      7,
      attempt("/auth/callback/password", { email: KNOWN, password: "wrong passphrase" }),
      attempt("/auth/password/forgot", { email: KNOWN }),
    );
    expect(result.unknown / result.known, JSON.stringify(result)).toBeLessThan(0.6);
  });
});

describe("rate limiting", () => {
  const mail = outboxPassword();
  let server: Served;
  beforeAll(async () => {
    server = await serve(
      testConfig({
        adapter: memoryAdapter(),
        providers: [mail.provider],
        rateLimit: { max: 3 },
      }),
    );
  });
  afterAll(() => server.close());

  it("guesses at one address are refused with 429 after the limit, sign-up and reset requests too", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signIn(server.client(), KNOWN, `guess number ${i}`)).status);
    }
    expect(statuses.slice(0, 3)).toEqual([302, 302, 302]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const resets = [];
    for (let i = 0; i < 4; i++) resets.push((await forgot(server.client(), KNOWN)).status);
    expect(resets).toEqual([302, 302, 302, 429]);
    const signUps = [];
    for (let i = 0; i < 4; i++) {
      signUps.push(
        (
          await post(server.client(), "/auth/password/signup", {
            email: KNOWN,
            password: "x passphrase",
          })
        ).status,
      );
    }
    expect(signUps).toEqual([302, 302, 302, 429]);
  });
});
