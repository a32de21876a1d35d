import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLogger, setCookie, TestClient } from "../helpers.js";
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
