import { afterAll, beforeAll, describe, expect, it } from "vitest";
import OIDC from "../../src/providers/oidc.js";
import { captureLogger, HttpTestClient, SECRET, setCookie } from "../helpers.js";
import { authorizeAt, type StartedOP, startOP } from "../oauth/op.js";
import { startRP } from "../oauth/rp.js";

// Attacks that need an honest provider's own rules: real codes are single-use and bound to the
// PKCE challenge of the flow that got them (oidc-provider, driven over HTTP with its
// development login and consent forms).

let op: StartedOP;
let rp: Awaited<ReturnType<typeof startRP>>;

beforeAll(async () => {
  rp = await startRP();
  op = await startOP([`${rp.origin}/auth/callback/strict`]);
  rp.configure({
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    providers: [
      OIDC({
        id: "strict",
        name: "Strict OP",
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        checks: ["pkce", "state", "nonce"],
      }),
    ],
  });
});
afterAll(async () => {
  await op?.close();
  await rp?.close();
});

/** A browser that starts a sign-in at the app; returns the provider's answer for `login`. */
async function startFlow(login: string) {
  const browser = new HttpTestClient(rp.origin);
  const csrfToken = await browser.csrfToken();
  const start = await browser.request("/auth/signin/strict", { form: { csrfToken } });
  expect(start.status).toBe(302);
  const back = await authorizeAt(start.headers.get("location")!, login, rp.origin);
  return { browser, back };
}

const deliver = (browser: HttpTestClient, url: URL) =>
  browser.request(`${url.pathname}${url.search}`);

async function expectNoSession(browser: HttpTestClient, response: Response) {
  expect(response.status).toBe(302);
  expect(new URL(response.headers.get("location")!).pathname).toMatch(/^\/auth\/(signin|error)$/);
  expect(setCookie(response, "authjs.session-token")).toBeUndefined();
  await expect(browser.session()).resolves.toBeNull();
}

describe("against a real OpenID provider", () => {
  it("the honest flow signs in (so the refusals below can fail)", async () => {
    const { browser, back } = await startFlow("alice");
    expect(back.searchParams.get("iss")).toBe(op.issuer);
    const response = await deliver(browser, back);
    expect(response.headers.get("location")).toBe(rp.origin);
    await expect(browser.session()).resolves.toMatchObject({
      user: { email: "alice@example.test" },
    });
  });

  it("code injection: the attacker's own code in the victim's callback fails PKCE at the provider", async () => {
    const attacker = await startFlow("mallory");
    const victim = await startFlow("victim");
    const injected = new URL(victim.back);
    injected.searchParams.set("code", attacker.back.searchParams.get("code")!);
    const before = op.tokenRequests();
    await expectNoSession(victim.browser, await deliver(victim.browser, injected));
    // The state matched, so the code went to the token endpoint, which refused the verifier.
    expect(op.tokenRequests()).toBe(before + 1);
  });

  it("a stolen callback URL in another browser is refused before any token request", async () => {
    const victim = await startFlow("victim");
    const attacker = await startFlow("mallory");
    const before = op.tokenRequests();
    await expectNoSession(attacker.browser, await deliver(attacker.browser, victim.back));
    expect(op.tokenRequests()).toBe(before);
    // The victim's own flow is untouched.
    expect(
      setCookie(await deliver(victim.browser, victim.back), "authjs.session-token"),
    ).toBeDefined();
  });

  it("a replay with the check cookies kept is refused by the provider: codes are single-use", async () => {
    const { browser, back } = await startFlow("bob");
    const kept = new Map(browser.jar);
    expect(setCookie(await deliver(browser, back), "authjs.session-token")).toBeDefined();
    const thief = new HttpTestClient(rp.origin);
    for (const [name, value] of kept) thief.jar.set(name, value);
    await expectNoSession(thief, await deliver(thief, back));
  });

  it("a wrong or missing iss is refused and does not spend the real answer", async () => {
    const { browser, back } = await startFlow("carol");
    for (const iss of [null, "https://evil.example", `${op.issuer}/`]) {
      const forged = new URL(back);
      if (iss === null) forged.searchParams.delete("iss");
      else forged.searchParams.set("iss", iss);
      const before = op.tokenRequests();
      await expectNoSession(browser, await deliver(browser, forged));
      expect(op.tokenRequests()).toBe(before);
    }
    expect(setCookie(await deliver(browser, back), "authjs.session-token")).toBeDefined();
  });
});
