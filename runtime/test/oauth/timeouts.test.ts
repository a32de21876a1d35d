/**
 * Every request to a provider is bounded by `httpTimeout`: a real local OpenID provider (the
 * mock OP) reached through a TCP fault proxy that stalls. A token or userinfo endpoint that
 * never answers ends the callback with the normal `OAuthCallbackError` answer instead of
 * holding it (undici alone waits 300 s); a provider's `[customFetch]` is bounded through the
 * signal it is given. No timing is asserted beyond "it settles".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Provider } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, setCookie, TestClient } from "../helpers.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, complete } = mock;

let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy({ port: Number(new URL(mock.op.issuer).port) });
});
afterEach(() => proxy.set("pass"));
afterAll(() => proxy?.close());

/** The mock OP's `path`, reached through the proxy. */
const proxied = (path: string) => `http://127.0.0.1:${proxy.port}${path}`;

/** A plain OAuth 2 provider whose `userinfo.request` fetches `url` with the fetch it is given. */
function hookedUserinfo(id: string, url: string, init?: RequestInit): Provider {
  return {
    id,
    name: "Hooked",
    type: "oauth",
    clientId,
    clientSecret,
    authorization: `${mock.op.issuer}/authorize`,
    token: `${mock.op.issuer}/token`,
    userinfo: {
      url,
      async request({ provider }: { provider: { [customFetch]: typeof fetch } }) {
        const response = await provider[customFetch](url, init);
        return response.json();
      },
    },
  } as Provider;
}

function expectCallbackError(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(
    "http://localhost:3000/auth/signin?error=OAuthCallbackError",
  );
  expect(setCookie(response, "authjs.session-token")).toBeUndefined();
}

describe("httpTimeout bounds every provider request", () => {
  it("a token endpoint that never answers ends the callback with OAuthCallbackError", async () => {
    const log = captureLogger();
    const client = new TestClient(
      config({
        httpTimeout: 300,
        logger: log.logger,
        providers: [oidc({ token: proxied("/token") })],
      }),
    );
    await proxy.set("stall");
    expectCallbackError(await complete(client));
    const logged = log.errors.find((error) => error.name === "OAuthCallbackError");
    expect(logged).toBeDefined();
    expect((logged!.cause as Error).name).toBe("TimeoutError");
  });

  it("the same provider signs in once the endpoint answers", async () => {
    const client = new TestClient(
      config({ httpTimeout: 2_000, providers: [oidc({ token: proxied("/token") })] }),
    );
    expect(setCookie(await complete(client), "authjs.session-token")?.value).toBeTruthy();
  });

  it("a token endpoint that answers too slowly (each chunk late) is cut off too", async () => {
    const client = new TestClient(
      config({ httpTimeout: 300, providers: [oidc({ token: proxied("/token") })] }),
    );
    await proxy.set("slow", { delayMs: 1_000 });
    expectCallbackError(await complete(client));
  });

  it("a userinfo endpoint that never answers (plain OAuth 2) ends with OAuthCallbackError", async () => {
    mock.op.state.behaviour = { omit: ["id_token"] };
    const plain = {
      id: "plain",
      name: "Plain",
      type: "oauth",
      clientId,
      clientSecret,
      authorization: `${mock.op.issuer}/authorize`,
      token: `${mock.op.issuer}/token`,
      userinfo: proxied("/userinfo"),
    } as Provider;
    const client = new TestClient(config({ httpTimeout: 300, providers: [plain] }));
    await proxy.set("stall");
    expectCallbackError(await complete(client, "plain"));
  });

  it("a provider's own userinfo.request gets the bounded fetch as provider[customFetch]", async () => {
    mock.op.state.behaviour = { omit: ["id_token"] };
    const hooked = hookedUserinfo("hooked", proxied("/userinfo"));
    const client = new TestClient(config({ httpTimeout: 300, providers: [hooked] }));
    await proxy.set("stall");
    expectCallbackError(await complete(client, "hooked"));
  });

  it("a customFetch is bounded through the signal it is given", async () => {
    const passThrough = ((input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, init)) as typeof fetch;
    const client = new TestClient(
      config({
        httpTimeout: 300,
        providers: [oidc({ id: "custom", token: proxied("/token"), [customFetch]: passThrough })],
      }),
    );
    await proxy.set("stall");
    expectCallbackError(await complete(client, "custom"));
  });

  it("discovery that never answers fails the sign-in start instead of holding it", async () => {
    const client = new TestClient(
      config({
        httpTimeout: 300,
        providers: [oidc({ id: "stalled-issuer", issuer: proxied("") })],
      }),
    );
    const csrfToken = await client.csrfToken();
    await proxy.set("stall");
    const response = await client.request("/auth/signin/stalled-issuer", { form: { csrfToken } });
    // Settled: the error page (a failed start is a server-side failure), not the provider.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
  });

  it("a connection that went silent during an outage is never reused after it", async () => {
    // Two outages with sign-ins around them. Node's fetch would keep a connection for later
    // here: after a request timed out in the first outage it opens a spare connection (at the
    // next request), which the second outage silences for good. Had any connection been kept,
    // the last sign-in would wait on it until httpTimeout (longer than this test's time-out).
    const client = (httpTimeout: number) =>
      new TestClient(config({ httpTimeout, providers: [oidc({ token: proxied("/token") })] }));
    const signsIn = async () =>
      setCookie(await complete(client(60_000)), "authjs.session-token")?.value;
    expect(await signsIn()).toBeTruthy();
    await proxy.set("stall");
    expectCallbackError(await complete(client(300)));
    await proxy.set("pass");
    expect(await signsIn()).toBeTruthy();
    await proxy.set("stall");
    await proxy.set("pass");
    expect(await signsIn()).toBeTruthy();
  });

  it("each provider request asks for its own connection; a caller's Connection header wins", async () => {
    const seen: (string | null)[] = [];
    const recording = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get("connection"));
      return fetch(input, init);
    }) as typeof fetch;
    const client = new TestClient(
      config({ providers: [oidc({ id: "recorded", [customFetch]: recording })] }),
    );
    expect(setCookie(await complete(client, "recorded"), "authjs.session-token")).toBeDefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["close"]));

    // A provider's own request that sets Connection keeps it.
    seen.length = 0;
    mock.op.state.behaviour = { omit: ["id_token"] };
    const hooked = {
      ...hookedUserinfo("hooked-keepalive", `${mock.op.issuer}/userinfo`, {
        headers: { connection: "keep-alive" },
      }),
      [customFetch]: recording,
    } as Provider;
    const second = new TestClient(config({ providers: [hooked] }));
    expect(
      setCookie(await complete(second, "hooked-keepalive"), "authjs.session-token"),
    ).toBeDefined();
    expect(seen).toEqual(["close", "keep-alive"]);
  });

  it("rejects a nonsensical httpTimeout as a configuration error", async () => {
    const client = new TestClient(config({ httpTimeout: -1 }));
    const response = await client.request("/auth/providers");
    expect(response.status).toBe(500);
  });
});
