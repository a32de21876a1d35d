import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn } = mock;
const checkCookies = ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"];

afterEach(() => {
  vi.useRealTimers();
});

const callbackQuery = (params: URLSearchParams) =>
  new URLSearchParams({ code: "c", state: params.get("state")!, iss: mock.op.issuer });

describe("check cookies (reference §2.5, RFC 9700 §2.1.1)", () => {
  it("live 15 minutes: Max-Age=900, HttpOnly, SameSite=Lax", async () => {
    const { response } = await signIn(new TestClient(config()));
    for (const name of checkCookies) {
      expect(setCookie(response, name)?.attributes).toMatchObject({
        "max-age": "900",
        httponly: true,
        samesite: "Lax",
        path: "/",
      });
    }
  });

  it("are refused once expired (the sealed value carries its own expiry)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { logger, errors } = captureLogger();
    // The client replays the cookie past its Max-Age, as a stale or stolen cookie would be.
    const client = new TestClient(config({ logger }));
    const { params } = await signIn(client);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const response = await client.request(`/auth/callback/mock?${callbackQuery(params)}`);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(errors.at(-1)?.name).toBe("InvalidCheck");
    expect(mock.op.state.tokenRequests).toBe(0);
  });

  it("are bound to their provider, even when both providers share an issuer (iss passes)", async () => {
    const { logger, errors } = captureLogger();
    const cfg = config({ logger, providers: [oidc(), oidc({ id: "twin", name: "Twin" })] });
    const client = new TestClient(cfg);
    // Cookie names are shared: twin's sealed cookies are the ones "mock" finds.
    const { params } = await signIn(client, "twin");
    const response = await client.request(`/auth/callback/mock?${callbackQuery(params)}`);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(errors.at(-1)?.name).toBe("InvalidCheck");
    expect(mock.op.state.tokenRequests).toBe(0);
  });
});

describe("starting a sign-in needs the CSRF token", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { csrfToken: "forged" }],
  ])("%s: back to the sign-in page, no redirect to the provider, no check cookies", async (_label, form) => {
    const client = new TestClient(config());
    await client.csrfToken();
    const response = await client.request("/auth/signin/mock", { form });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=MissingCSRF",
    );
    for (const name of checkCookies) expect(setCookie(response, name)).toBeUndefined();
  });
});

describe("check cookies across a rolling secret rotation (docs/secret.md)", () => {
  const NEW = "the-new-secret-of-a-rolling-rotation-0123456789";
  const promoted = { secret: [NEW, SECRET] };
  const accepting = { secret: SECRET, acceptSecrets: NEW };

  /** A sign-in started on an instance configured with `from`, completed on one with `to`. */
  async function across(from: Partial<AuthConfig>, to: Partial<AuthConfig>) {
    const starter = new TestClient(config(from));
    const { params } = await signIn(starter);
    const finisher = new TestClient(config(to));
    for (const [name, value] of starter.jar) finisher.jar.set(name, value);
    const response = await finisher.request(`/auth/callback/mock?${callbackQuery(params)}`);
    return { response, finisher };
  }

  it.each([
    ["promoted (issuing the new secret) to accepting it", promoted, accepting],
    ["accepting to promoted", accepting, promoted],
  ])("state, PKCE and nonce sealed on an instance %s complete the sign-in", async (_label, from, to) => {
    const { response, finisher } = await across(from, to);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(finisher.jar.get("authjs.session-token")).toBeDefined();
  });

  it("an instance that does not accept the new secret yet refuses them (why phase 1 comes first)", async () => {
    const { response } = await across(promoted, { secret: SECRET });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
  });
});
